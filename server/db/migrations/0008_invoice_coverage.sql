DROP INDEX "invoices_team_period";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "through_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "invoices" SET "through_seq" = coalesce((SELECT max(l."seq") FROM "ledger_entries" l WHERE l."team_id" = "invoices"."team_id" AND l."created_at" <= "invoices"."issued_at"), 0);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "through_seq" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "invoices_team_period" ON "invoices" USING btree ("team_id","period_start");
