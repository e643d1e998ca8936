ALTER TABLE "points" ADD COLUMN "content_base" text;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "content_sum" numeric(39, 0);