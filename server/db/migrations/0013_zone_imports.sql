CREATE TABLE "zone_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"domain_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dns_records" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "zone_imports" ADD CONSTRAINT "zone_imports_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_import_id_zone_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."zone_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_records_import" ON "dns_records" USING btree ("import_id") WHERE import_id is not null;