CREATE TABLE "team_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"source_compute_id" uuid,
	"source_hostname" text,
	"operating_system_id" text NOT NULL,
	"size_bytes" bigint,
	"virtual_size_bytes" bigint,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "computes" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "team_images" ADD CONSTRAINT "team_images_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_images" ADD CONSTRAINT "team_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_images_team_created" ON "team_images" USING btree ("team_id","created_at");