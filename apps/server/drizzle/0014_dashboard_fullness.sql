CREATE TABLE "point_fullness" (
	"point_id" integer PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"version" text NOT NULL,
	"from_day" text NOT NULL,
	"days" integer NOT NULL,
	"spans" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_fullness" ADD CONSTRAINT "point_fullness_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_fullness" ADD CONSTRAINT "point_fullness_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_fullness_cabinet_idx" ON "point_fullness" USING btree ("cabinet_id");