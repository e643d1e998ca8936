CREATE TABLE "timed_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_by" text,
	"last_at" timestamp with time zone
);
