CREATE TABLE "used_bot_checks" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cabinets" ADD COLUMN "two_fa_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "expiry_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
CREATE INDEX "used_bot_checks_expires_idx" ON "used_bot_checks" USING btree ("expires_at");