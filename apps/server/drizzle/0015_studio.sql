CREATE TABLE "studio_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"document" jsonb NOT NULL,
	"thumbnail" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_documents" ADD CONSTRAINT "studio_documents_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_documents" ADD CONSTRAINT "studio_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_documents_cabinet_kind_idx" ON "studio_documents" USING btree ("cabinet_id","kind","id");