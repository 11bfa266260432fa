CREATE TABLE "billing_accounts" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"low_balance_threshold_minor" bigint,
	"alert_due" text,
	"depleted_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"billing_email" text,
	"company_name" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"tax_id" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"description" text NOT NULL,
	"top_up_id" uuid,
	"compute_id" uuid,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"idempotency_key" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_callback_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_callback_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"checkout_url" text NOT NULL,
	"decline_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_accounts_depleted" ON "billing_accounts" USING btree ("depleted_since") WHERE depleted_since is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_team_seq" ON "ledger_entries" USING btree ("team_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_team_key" ON "ledger_entries" USING btree ("team_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_top_up" ON "ledger_entries" USING btree ("top_up_id") WHERE top_up_id is not null;--> statement-breakpoint
CREATE INDEX "payment_callback_events_received_at_index" ON "payment_callback_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_provider_reference" ON "top_ups" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "top_ups_team_created" ON "top_ups" USING btree ("team_id","created_at","id");