CREATE TABLE "upload_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"tus_id" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "unpacked_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_reservations_cabinet_idx" ON "upload_reservations" USING btree ("cabinet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_reservations_tus_idx" ON "upload_reservations" USING btree ("tus_id");