ALTER TABLE "points" ADD COLUMN "sync_interval" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "served_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "current_version" text;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "content_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "content_change" text;