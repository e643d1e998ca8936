CREATE TABLE "audience_hourly" (
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"hour_utc" timestamp with time zone NOT NULL,
	"hour_local" timestamp NOT NULL,
	"viewers" double precision NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_hourly_point_id_hour_utc_pk" PRIMARY KEY("point_id","hour_utc")
);
--> statement-breakpoint
ALTER TABLE "audience_hourly" ADD CONSTRAINT "audience_hourly_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_hourly" ADD CONSTRAINT "audience_hourly_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_hourly_cabinet_local_idx" ON "audience_hourly" USING btree ("cabinet_id","hour_local");--> statement-breakpoint
CREATE INDEX "playbacks_point_started_idx" ON "playbacks" USING btree ("point_id","started_at");