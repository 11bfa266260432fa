CREATE TABLE "volume_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"volume_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"message" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volumes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size_gb" integer NOT NULL,
	"location_id" text NOT NULL,
	"compute_id" uuid,
	"operation" text,
	"operation_compute_id" uuid,
	"operation_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "volume_events" ADD CONSTRAINT "volume_events_volume_id_volumes_id_fk" FOREIGN KEY ("volume_id") REFERENCES "public"."volumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_events" ADD CONSTRAINT "volume_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volumes" ADD CONSTRAINT "volumes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volumes" ADD CONSTRAINT "volumes_compute_id_computes_id_fk" FOREIGN KEY ("compute_id") REFERENCES "public"."computes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volumes" ADD CONSTRAINT "volumes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "volume_events_volume_id_seq_index" ON "volume_events" USING btree ("volume_id","seq");--> statement-breakpoint
CREATE INDEX "volumes_team_created" ON "volumes" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "volumes_compute_id_index" ON "volumes" USING btree ("compute_id");