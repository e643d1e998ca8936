ALTER TABLE "playlist_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "playlist_changes" ADD COLUMN "superseded_at" timestamp with time zone;