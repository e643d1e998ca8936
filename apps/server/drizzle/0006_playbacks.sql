CREATE TABLE "playback_hourly" (
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"playlist_id" integer DEFAULT 0 NOT NULL,
	"file_id" integer NOT NULL,
	"hour_utc" timestamp with time zone NOT NULL,
	"hour_local" timestamp NOT NULL,
	"shows" integer DEFAULT 0 NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"impressions" double precision DEFAULT 0 NOT NULL,
	"cost" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"file_id" integer NOT NULL,
	"playlist_id" integer,
	"file_name" text,
	"playlist_name" text,
	"point_name" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"duration" double precision NOT NULL,
	"impressions" double precision,
	"cost" double precision,
	"source" text DEFAULT 'manual' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playback_hourly" ADD CONSTRAINT "playback_hourly_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "playback_hourly_key_idx" ON "playback_hourly" USING btree ("point_id","hour_utc","playlist_id","file_id");--> statement-breakpoint
CREATE INDEX "playback_hourly_cabinet_utc_idx" ON "playback_hourly" USING btree ("cabinet_id","hour_utc");--> statement-breakpoint
CREATE INDEX "playback_hourly_cabinet_local_idx" ON "playback_hourly" USING btree ("cabinet_id","hour_local");--> statement-breakpoint
CREATE UNIQUE INDEX "playbacks_point_event_idx" ON "playbacks" USING btree ("point_id","event_id");--> statement-breakpoint
CREATE INDEX "playbacks_cabinet_started_idx" ON "playbacks" USING btree ("cabinet_id","started_at");