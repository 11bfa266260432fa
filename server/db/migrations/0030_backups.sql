CREATE TABLE "compute_backup_settings" (
	"compute_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"next_backup_at" timestamp with time zone,
	"restoring_backup_id" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compute_backups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"compute_id" uuid NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"hostname" text NOT NULL,
	"operating_system_id" text NOT NULL,
	"size_bytes" bigint,
	"virtual_size_bytes" bigint,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "compute_backup_settings" ADD CONSTRAINT "compute_backup_settings_compute_id_computes_id_fk" FOREIGN KEY ("compute_id") REFERENCES "public"."computes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_backup_settings" ADD CONSTRAINT "compute_backup_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_backups" ADD CONSTRAINT "compute_backups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_backups" ADD CONSTRAINT "compute_backups_compute_id_computes_id_fk" FOREIGN KEY ("compute_id") REFERENCES "public"."computes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_backups" ADD CONSTRAINT "compute_backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compute_backups_compute_created" ON "compute_backups" USING btree ("compute_id","created_at");