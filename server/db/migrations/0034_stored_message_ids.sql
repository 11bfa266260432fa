ALTER TABLE "audit_log" ADD COLUMN "target_message_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_message_values" jsonb;--> statement-breakpoint
ALTER TABLE "compute_backups" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "compute_backups" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
ALTER TABLE "compute_events" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "compute_events" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
ALTER TABLE "firewall_events" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "firewall_events" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "description_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "description_values" jsonb;--> statement-breakpoint
ALTER TABLE "team_images" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "team_images" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
ALTER TABLE "volume_events" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "volume_events" ADD COLUMN "message_values" jsonb;