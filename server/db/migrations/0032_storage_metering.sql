CREATE TABLE "storage_accruals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"month_start" timestamp with time zone NOT NULL,
	"size_gb" integer NOT NULL,
	"currency" text NOT NULL,
	"monthly_minor" bigint NOT NULL,
	"hours" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"daily" jsonb NOT NULL,
	"first_hour_start" timestamp with time zone NOT NULL,
	"last_hour_end" timestamp with time zone NOT NULL,
	"posted_seq" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_meters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"sizes" jsonb NOT NULL,
	"next_meter_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "storage_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "storage_meters" ADD CONSTRAINT "storage_meters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_accruals_open" ON "storage_accruals" USING btree ("meter_id","month_start","size_gb") WHERE posted_seq is null;--> statement-breakpoint
CREATE INDEX "storage_accruals_team_month" ON "storage_accruals" USING btree ("team_id","month_start");--> statement-breakpoint
CREATE INDEX "storage_accruals_unposted" ON "storage_accruals" USING btree ("month_start") WHERE posted_seq is null;--> statement-breakpoint
CREATE INDEX "storage_accruals_meter" ON "storage_accruals" USING btree ("meter_id","month_start");--> statement-breakpoint
CREATE INDEX "storage_meters_due" ON "storage_meters" USING btree ("next_meter_at");