CREATE TABLE "file_tags" (
	"cabinet_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"tag" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"kind" text NOT NULL,
	"source" text DEFAULT 'HOME' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"duration" double precision,
	"measured_by" text,
	"hash" text,
	"storage_key" text,
	"thumb_key" text,
	"remote_url" text,
	"index" integer DEFAULT 0 NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_tags" ADD CONSTRAINT "file_tags_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_tags" ADD CONSTRAINT "file_tags_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_tags_file_tag_idx" ON "file_tags" USING btree ("file_id","tag");--> statement-breakpoint
CREATE INDEX "file_tags_cabinet_idx" ON "file_tags" USING btree ("cabinet_id");--> statement-breakpoint
CREATE INDEX "files_cabinet_folder_idx" ON "files" USING btree ("cabinet_id","folder_id");--> statement-breakpoint
CREATE INDEX "files_cabinet_hash_idx" ON "files" USING btree ("cabinet_id","hash");--> statement-breakpoint
CREATE INDEX "folders_cabinet_parent_idx" ON "folders" USING btree ("cabinet_id","parent_id");