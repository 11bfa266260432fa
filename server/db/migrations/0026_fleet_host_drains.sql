CREATE TABLE "libvirt_host_drains" (
	"name" text PRIMARY KEY NOT NULL,
	"drained_at" timestamp with time zone NOT NULL
);
