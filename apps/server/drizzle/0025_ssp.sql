CREATE TABLE "ssp_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"playlist_id" integer,
	"supplier_id" integer,
	"supplier_name" text NOT NULL,
	"adapter" text NOT NULL,
	"source" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"file_id" integer,
	"external_id" text,
	"creative_url" text NOT NULL,
	"price_micros" bigint NOT NULL,
	"multiplier_micros" bigint NOT NULL,
	"revenue_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"burl" text,
	"impressions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pop_url" text,
	"expiry_url" text,
	"status" text DEFAULT 'leased' NOT NULL,
	"approved" boolean DEFAULT true NOT NULL,
	"event_id" text,
	"played_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssp_misses" (
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"hour_utc" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ssp_misses_point_id_hour_utc_reason_pk" PRIMARY KEY("point_id","hour_utc","reason")
);
--> statement-breakpoint
CREATE TABLE "ssp_supplier_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"user_id" integer,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssp_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"adapter" text NOT NULL,
	"endpoint" text,
	"api_key" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"floor_micros" bigint DEFAULT 0 NOT NULL,
	"timeout_ms" integer DEFAULT 1000 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "playbacks" ADD COLUMN "ad_id" integer;--> statement-breakpoint
ALTER TABLE "tracker_deliveries" ADD COLUMN "method" text DEFAULT 'GET' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracker_deliveries" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "ssp_ads" ADD CONSTRAINT "ssp_ads_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_ads" ADD CONSTRAINT "ssp_ads_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_ads" ADD CONSTRAINT "ssp_ads_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_ads" ADD CONSTRAINT "ssp_ads_supplier_id_ssp_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."ssp_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_ads" ADD CONSTRAINT "ssp_ads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_misses" ADD CONSTRAINT "ssp_misses_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_misses" ADD CONSTRAINT "ssp_misses_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_supplier_changes" ADD CONSTRAINT "ssp_supplier_changes_supplier_id_ssp_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."ssp_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_supplier_changes" ADD CONSTRAINT "ssp_supplier_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_suppliers" ADD CONSTRAINT "ssp_suppliers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ssp_ads_point_slot_idx" ON "ssp_ads" USING btree ("point_id","slot_at");--> statement-breakpoint
CREATE INDEX "ssp_ads_cabinet_slot_idx" ON "ssp_ads" USING btree ("cabinet_id","slot_at");--> statement-breakpoint
CREATE INDEX "ssp_ads_status_expires_idx" ON "ssp_ads" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "ssp_supplier_changes_supplier_idx" ON "ssp_supplier_changes" USING btree ("supplier_id","created_at");