ALTER TABLE "sandbox_checkouts" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "time_zone" text;