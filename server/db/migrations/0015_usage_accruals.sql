CREATE TABLE "usage_accruals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"compute_id" uuid NOT NULL,
	"month_start" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"hours" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"daily" jsonb NOT NULL,
	"first_hour_start" timestamp with time zone NOT NULL,
	"last_hour_end" timestamp with time zone NOT NULL,
	"posted_seq" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "accrued_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "hours" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_accruals_open" ON "usage_accruals" USING btree ("compute_id","month_start") WHERE posted_seq is null;--> statement-breakpoint
CREATE INDEX "usage_accruals_team_month" ON "usage_accruals" USING btree ("team_id","month_start");--> statement-breakpoint
CREATE INDEX "usage_accruals_unposted" ON "usage_accruals" USING btree ("month_start") WHERE posted_seq is null;--> statement-breakpoint
CREATE INDEX "usage_accruals_compute" ON "usage_accruals" USING btree ("compute_id","month_start");--> statement-breakpoint
-- Usage charged before accruals was one ledger entry per compute-hour: each is one hour.
UPDATE "ledger_entries" SET "hours" = 1 WHERE "kind" = 'charge' AND "compute_id" IS NOT NULL;--> statement-breakpoint
-- Those hours as posted accruals, so the usage views, the monthly caps and the charts read one table.
INSERT INTO "usage_accruals" ("id", "team_id", "compute_id", "month_start", "currency", "hours", "amount_minor", "daily", "first_hour_start", "last_hour_end", "posted_seq", "updated_at")
SELECT gen_random_uuid(), "team_id", "compute_id", "month_start", "currency", sum("hours")::int, sum("amount"), jsonb_object_agg("day", "amount"), min("first"), max("last"), max("seq"), now()
FROM (
  SELECT "team_id", "compute_id", "currency",
    date_trunc('month', "period_start" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "month_start",
    to_char("period_start" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "day",
    sum("hours") AS "hours", sum(-"amount_minor") AS "amount", min("period_start") AS "first", max("period_end") AS "last", max("seq") AS "seq"
  FROM "ledger_entries" WHERE "kind" = 'charge' AND "compute_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
) AS "days"
GROUP BY "team_id", "compute_id", "currency", "month_start";
