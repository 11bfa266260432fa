ALTER TABLE "computes" ADD COLUMN "reverse_ipv4" text;--> statement-breakpoint
ALTER TABLE "computes" ADD COLUMN "reverse_ipv6" text;