CREATE TABLE "compute_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"compute_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"result" text NOT NULL,
	"message" text,
	"at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "computes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"hostname" text NOT NULL,
	"status" text NOT NULL,
	"location_id" text NOT NULL,
	"operating_system_id" text NOT NULL,
	"instance_type" jsonb NOT NULL,
	"vcpus" integer NOT NULL,
	"ipv4" text,
	"ipv6" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"authentication" text NOT NULL,
	"ssh_public_key" text,
	"ssh_key_fingerprint" text,
	"root_password_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	"destroyed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"team_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"status_code" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_team_id_key_pk" PRIMARY KEY("team_id","key")
);
--> statement-breakpoint
CREATE TABLE "simulator_machines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"spec" jsonb NOT NULL,
	"ipv4" text,
	"ipv6" text,
	"state" text NOT NULL,
	"transition" text,
	"transition_started_at" timestamp with time zone,
	"transition_due_at" timestamp with time zone,
	"booted_at" timestamp with time zone,
	"power_log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_outcome" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "simulator_machines_ipv4_unique" UNIQUE("ipv4"),
	CONSTRAINT "simulator_machines_ipv6_unique" UNIQUE("ipv6")
);
--> statement-breakpoint
ALTER TABLE "compute_events" ADD CONSTRAINT "compute_events_compute_id_computes_id_fk" FOREIGN KEY ("compute_id") REFERENCES "public"."computes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_events" ADD CONSTRAINT "compute_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "computes" ADD CONSTRAINT "computes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "computes" ADD CONSTRAINT "computes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compute_events_compute_id_seq_index" ON "compute_events" USING btree ("compute_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "computes_live_hostname_unique" ON "computes" USING btree ("team_id","hostname") WHERE status <> 'destroyed';--> statement-breakpoint
CREATE INDEX "computes_live_created" ON "computes" USING btree ("team_id","created_at","id") WHERE status <> 'destroyed';--> statement-breakpoint
CREATE INDEX "computes_live_status" ON "computes" USING btree ("team_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status <> 'destroyed';--> statement-breakpoint
CREATE INDEX "computes_transitional" ON "computes" USING btree ("status") WHERE status in ('provisioning', 'stopping', 'starting', 'rebooting', 'destroying');--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_index" ON "idempotency_keys" USING btree ("created_at");