ALTER TABLE "playlist_items" ADD COLUMN "wall_fit" text;--> statement-breakpoint
ALTER TABLE "playlist_targets" ADD COLUMN "wall_id" integer;--> statement-breakpoint
ALTER TABLE "playlist_targets" ADD CONSTRAINT "playlist_targets_wall_id_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."walls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_targets_wall_idx" ON "playlist_targets" USING btree ("wall_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_targets_wall_pair_idx" ON "playlist_targets" USING btree ("playlist_id","wall_id");