CREATE TABLE "shortfall_alerts" (
	"playlist_id" integer NOT NULL,
	"day" date NOT NULL,
	"cabinet_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortfall_alerts_playlist_id_day_pk" PRIMARY KEY("playlist_id","day")
);
--> statement-breakpoint
ALTER TABLE "shortfall_alerts" ADD CONSTRAINT "shortfall_alerts_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortfall_alerts" ADD CONSTRAINT "shortfall_alerts_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;