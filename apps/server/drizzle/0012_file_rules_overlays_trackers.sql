CREATE TABLE "file_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"point_id" integer,
	"playlist_id" integer,
	"duration" integer,
	"volume" integer,
	"fit" text,
	"muted" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_configs_scope_key" UNIQUE NULLS NOT DISTINCT("file_id","point_id","playlist_id")
);
--> statement-breakpoint
CREATE TABLE "file_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"point_id" integer,
	"playlist_id" integer,
	"from_date" timestamp,
	"to_date" timestamp,
	"week_days" integer[] NOT NULL,
	"from_time" time,
	"to_time" time,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_schedules_scope_key" UNIQUE NULLS NOT DISTINCT("file_id","point_id","playlist_id")
);
--> statement-breakpoint
CREATE TABLE "tracker_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"last_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "floating" jsonb;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "geofence" jsonb;--> statement-breakpoint
ALTER TABLE "file_configs" ADD CONSTRAINT "file_configs_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_configs" ADD CONSTRAINT "file_configs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_configs" ADD CONSTRAINT "file_configs_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_configs" ADD CONSTRAINT "file_configs_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_schedules" ADD CONSTRAINT "file_schedules_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_schedules" ADD CONSTRAINT "file_schedules_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_schedules" ADD CONSTRAINT "file_schedules_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_schedules" ADD CONSTRAINT "file_schedules_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_deliveries" ADD CONSTRAINT "tracker_deliveries_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_configs_cabinet_idx" ON "file_configs" USING btree ("cabinet_id");--> statement-breakpoint
CREATE INDEX "file_schedules_cabinet_idx" ON "file_schedules" USING btree ("cabinet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_deliveries_event_idx" ON "tracker_deliveries" USING btree ("point_id","event_id","kind");--> statement-breakpoint
CREATE INDEX "tracker_deliveries_due_idx" ON "tracker_deliveries" USING btree ("status","next_at");--> statement-breakpoint
UPDATE "playlists" SET "theme" = NULL WHERE "theme" IS NOT NULL AND "theme" !~ '^(dark|light|#[0-9a-fA-F]{6})$';--> statement-breakpoint
UPDATE "playlists" SET "pixel" = NULL WHERE "pixel" IS NOT NULL AND "pixel" !~* '^https?://[^/?#\s]+';
