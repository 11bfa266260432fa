CREATE TABLE "private_network_members" (
	"network_id" uuid NOT NULL,
	"compute_id" uuid NOT NULL,
	"address" text NOT NULL,
	"attached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "private_network_members_network_id_compute_id_pk" PRIMARY KEY("network_id","compute_id")
);
--> statement-breakpoint
CREATE TABLE "private_networks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ipv4_block" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
ALTER TABLE "private_network_members" ADD CONSTRAINT "private_network_members_network_id_private_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."private_networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_network_members" ADD CONSTRAINT "private_network_members_compute_id_computes_id_fk" FOREIGN KEY ("compute_id") REFERENCES "public"."computes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_networks" ADD CONSTRAINT "private_networks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_networks" ADD CONSTRAINT "private_networks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "private_network_members_address" ON "private_network_members" USING btree ("network_id","address");--> statement-breakpoint
CREATE INDEX "private_network_members_compute_id_index" ON "private_network_members" USING btree ("compute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "private_networks_team_name" ON "private_networks" USING btree ("team_id","name");