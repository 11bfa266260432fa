CREATE TABLE "libvirt_hosts" (
	"name" text PRIMARY KEY NOT NULL,
	"kvm_failure" text NOT NULL,
	"kvm_failed_at" timestamp with time zone NOT NULL
);
