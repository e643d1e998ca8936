CREATE TABLE "wall_screens" (
	"point_id" integer PRIMARY KEY NOT NULL,
	"wall_id" integer NOT NULL,
	"column" integer NOT NULL,
	"row" integer NOT NULL,
	"rotation" text DEFAULT 'NORMAL' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walls" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"screen_width_px" integer DEFAULT 1920 NOT NULL,
	"screen_height_px" integer DEFAULT 1080 NOT NULL,
	"screen_width_mm" double precision,
	"screen_height_mm" double precision,
	"bezel_mm" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wall_screens" ADD CONSTRAINT "wall_screens_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_screens" ADD CONSTRAINT "wall_screens_wall_id_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."walls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walls" ADD CONSTRAINT "walls_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wall_screens_place_idx" ON "wall_screens" USING btree ("wall_id","column","row");--> statement-breakpoint
CREATE INDEX "walls_cabinet_idx" ON "walls" USING btree ("cabinet_id");