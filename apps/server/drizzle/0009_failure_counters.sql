CREATE TABLE "failure_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "failure_counters_expires_idx" ON "failure_counters" USING btree ("expires_at");