CREATE TABLE "pairing_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"device_key_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"point_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"name" text NOT NULL,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "point_connection_hours" (
	"point_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"online_seconds" integer DEFAULT 0 NOT NULL,
	"disconnections" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"point_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "uid" text DEFAULT 'VT-' || upper(substr(md5(random()::text), 1, 4)) || '-' || upper(substr(md5(random()::text), 1, 4)) NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "rotation" text DEFAULT 'NORMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "autostart" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "transition_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "relaunch_interval" integer;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "work_from" time;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "work_to" time;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "commercial_cycle" integer;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "windows" jsonb DEFAULT '{"fullscreen":true,"mirror":false,"volume":100}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "config" text;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "audience" jsonb;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "playback_cost" integer;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "camera_stream_url" text;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "is_stopped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "device_token_hash" text;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "report" jsonb;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "gone_offline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "disconnections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "screenshot_key" text;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "screenshot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_commands" ADD CONSTRAINT "point_commands_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_commands" ADD CONSTRAINT "point_commands_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_commands" ADD CONSTRAINT "point_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_connection_hours" ADD CONSTRAINT "point_connection_hours_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_logs" ADD CONSTRAINT "point_logs_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pairing_codes_device_idx" ON "pairing_codes" USING btree ("device_key_hash");--> statement-breakpoint
CREATE INDEX "point_commands_point_idx" ON "point_commands" USING btree ("point_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "point_connection_hours_pk" ON "point_connection_hours" USING btree ("point_id","hour");--> statement-breakpoint
CREATE INDEX "point_logs_point_idx" ON "point_logs" USING btree ("point_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_device_token_idx" ON "points" USING btree ("device_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "points_uid_idx" ON "points" USING btree ("uid");