CREATE TABLE "net_points" (
	"net_id" integer NOT NULL,
	"point_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nets" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"playlist_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"patch" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"playlist_id" integer NOT NULL,
	"section_id" integer,
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	"duration" integer
);
--> statement-breakpoint
CREATE TABLE "playlist_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"playlist_id" integer NOT NULL,
	"position" integer NOT NULL,
	"duration" integer NOT NULL,
	"duplicate" boolean,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"repeat" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_tag_links" (
	"playlist_id" integer NOT NULL,
	"tag_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "playlist_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"playlist_id" integer NOT NULL,
	"point_id" integer,
	"net_id" integer
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"type" text NOT NULL,
	"from_date" timestamp NOT NULL,
	"to_date" timestamp NOT NULL,
	"week_days" integer[] NOT NULL,
	"from_time" time,
	"to_time" time,
	"from_time2" time,
	"to_time2" time,
	"files_order" text NOT NULL,
	"influence" text NOT NULL,
	"in_leftovers_only" boolean DEFAULT false NOT NULL,
	"schedule_mode" text,
	"periodicity" integer NOT NULL,
	"limitation_type" text NOT NULL,
	"quotas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block_duration" integer NOT NULL,
	"pixel" text,
	"access" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	"source" text,
	"advertising_providers" text[] DEFAULT '{}' NOT NULL,
	"ssp_connector" jsonb,
	"action_on_end" text,
	"max_duration" integer,
	"secondary_file_id" integer,
	"secondary_loop_duration" integer,
	"no_stats" boolean DEFAULT false NOT NULL,
	"theme" text,
	"interval" integer,
	"approved" boolean DEFAULT true NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cabinets" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "net_points" ADD CONSTRAINT "net_points_net_id_nets_id_fk" FOREIGN KEY ("net_id") REFERENCES "public"."nets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_points" ADD CONSTRAINT "net_points_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nets" ADD CONSTRAINT "nets_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_changes" ADD CONSTRAINT "playlist_changes_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_changes" ADD CONSTRAINT "playlist_changes_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_changes" ADD CONSTRAINT "playlist_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_changes" ADD CONSTRAINT "playlist_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_section_id_playlist_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."playlist_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_sections" ADD CONSTRAINT "playlist_sections_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tag_links" ADD CONSTRAINT "playlist_tag_links_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tag_links" ADD CONSTRAINT "playlist_tag_links_tag_id_playlist_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."playlist_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tags" ADD CONSTRAINT "playlist_tags_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_targets" ADD CONSTRAINT "playlist_targets_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_targets" ADD CONSTRAINT "playlist_targets_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_targets" ADD CONSTRAINT "playlist_targets_net_id_nets_id_fk" FOREIGN KEY ("net_id") REFERENCES "public"."nets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_secondary_file_id_files_id_fk" FOREIGN KEY ("secondary_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points" ADD CONSTRAINT "points_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "net_points_pair_idx" ON "net_points" USING btree ("net_id","point_id");--> statement-breakpoint
CREATE INDEX "net_points_point_idx" ON "net_points" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "nets_cabinet_idx" ON "nets" USING btree ("cabinet_id");--> statement-breakpoint
CREATE INDEX "playlist_changes_playlist_idx" ON "playlist_changes" USING btree ("playlist_id","status");--> statement-breakpoint
CREATE INDEX "playlist_items_playlist_idx" ON "playlist_items" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "playlist_items_file_idx" ON "playlist_items" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "playlist_sections_playlist_idx" ON "playlist_sections" USING btree ("playlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_tag_links_pair_idx" ON "playlist_tag_links" USING btree ("playlist_id","tag_id");--> statement-breakpoint
CREATE INDEX "playlist_tag_links_tag_idx" ON "playlist_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_tags_name_idx" ON "playlist_tags" USING btree ("cabinet_id",lower("name"));--> statement-breakpoint
CREATE INDEX "playlist_targets_playlist_idx" ON "playlist_targets" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "playlist_targets_point_idx" ON "playlist_targets" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "playlist_targets_net_idx" ON "playlist_targets" USING btree ("net_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_targets_point_pair_idx" ON "playlist_targets" USING btree ("playlist_id","point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_targets_net_pair_idx" ON "playlist_targets" USING btree ("playlist_id","net_id");--> statement-breakpoint
CREATE INDEX "playlists_cabinet_idx" ON "playlists" USING btree ("cabinet_id");--> statement-breakpoint
CREATE INDEX "playlists_to_date_idx" ON "playlists" USING btree ("to_date");--> statement-breakpoint
CREATE INDEX "points_cabinet_idx" ON "points" USING btree ("cabinet_id");