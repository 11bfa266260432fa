CREATE TABLE "cluster_leadership" (
	"id" integer PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	"server_id" text NOT NULL,
	"since" timestamp with time zone NOT NULL
);
