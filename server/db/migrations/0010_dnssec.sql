CREATE TABLE "dnssec_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"algorithm" integer NOT NULL,
	"flags" integer NOT NULL,
	"key_tag" integer NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"ds" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "ds_found" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "ds_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dnssec_keys" ADD CONSTRAINT "dnssec_keys_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dnssec_keys_domain" ON "dnssec_keys" USING btree ("domain_id","created_at");