CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"tax_rate_percent" text NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"bill_to" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_team_period" ON "invoices" USING btree ("team_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_unpaid" ON "invoices" USING btree ("team_id") WHERE paid_at is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_usage" ON "ledger_entries" USING btree ("compute_id","period_start") WHERE compute_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_usage_period" ON "ledger_entries" USING btree ("period_start") WHERE compute_id is not null;