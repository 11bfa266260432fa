CREATE TABLE "libvirt_machines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"spec" jsonb NOT NULL,
	"vcpus" integer NOT NULL,
	"memory_mb" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"ssh_port" integer,
	"ipv4" text,
	"ipv6" text,
	"acceleration" text NOT NULL,
	"state" text NOT NULL,
	"transition" text,
	"transition_started_at" timestamp with time zone,
	"transition_deadline" timestamp with time zone,
	"last_outcome" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "libvirt_samples" (
	"machine_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" double precision NOT NULL,
	"memory" double precision,
	"disk_read" double precision NOT NULL,
	"disk_write" double precision NOT NULL,
	"network_in" double precision,
	"network_out" double precision,
	CONSTRAINT "libvirt_samples_machine_id_at_pk" PRIMARY KEY("machine_id","at")
);
--> statement-breakpoint
ALTER TABLE "computes" ADD COLUMN "ssh_port" integer;--> statement-breakpoint
ALTER TABLE "computes" ADD COLUMN "acceleration" text;--> statement-breakpoint
CREATE UNIQUE INDEX "libvirt_machines_host_ssh_port_unique" ON "libvirt_machines" USING btree ("host","ssh_port");--> statement-breakpoint
CREATE UNIQUE INDEX "libvirt_machines_ipv4_unique" ON "libvirt_machines" USING btree ("ipv4") WHERE ssh_port is null;--> statement-breakpoint
CREATE UNIQUE INDEX "libvirt_machines_ipv6_unique" ON "libvirt_machines" USING btree ("ipv6") WHERE ssh_port is null;--> statement-breakpoint
CREATE INDEX "libvirt_samples_at_index" ON "libvirt_samples" USING btree ("at");