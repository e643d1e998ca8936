CREATE TABLE "export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"params" jsonb NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statistic_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"playback_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "playback_hourly_key_idx";--> statement-breakpoint
ALTER TABLE "playback_hourly" ADD COLUMN "revenue" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "playback_hourly" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "playbacks" ADD COLUMN "revenue" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistic_changes" ADD CONSTRAINT "statistic_changes_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_cabinet_idx" ON "export_jobs" USING btree ("cabinet_id","id");--> statement-breakpoint
CREATE INDEX "statistic_changes_playback_idx" ON "statistic_changes" USING btree ("playback_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playback_hourly_key_idx" ON "playback_hourly" USING btree ("point_id","hour_utc","playlist_id","file_id","source");