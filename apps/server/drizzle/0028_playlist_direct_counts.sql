CREATE TABLE "playlist_direct_counts" (
	"playlist_id" integer PRIMARY KEY NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist_direct_counts" ADD CONSTRAINT "playlist_direct_counts_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the database itself (schema.ts, playlistDirectCounts): one statement trigger per event, as
-- transition tables allow one event a trigger. A statement that adds 500 targets moves the count once.
CREATE FUNCTION "playlist_direct_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "playlist_direct_counts" ("playlist_id", "points")
	SELECT "playlist_id", count(*)::int FROM "added" WHERE "point_id" IS NOT NULL GROUP BY "playlist_id"
	ON CONFLICT ("playlist_id") DO UPDATE SET "points" = "playlist_direct_counts"."points" + EXCLUDED."points";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "playlist_direct_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "playlist_direct_counts" AS c SET "points" = c."points" - r."n"
	FROM (SELECT "playlist_id", count(*)::int AS "n" FROM "removed" WHERE "point_id" IS NOT NULL GROUP BY "playlist_id") AS r
	WHERE c."playlist_id" = r."playlist_id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "playlist_targets_count_insert" AFTER INSERT ON "playlist_targets"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "playlist_direct_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "playlist_targets_count_delete" AFTER DELETE ON "playlist_targets"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "playlist_direct_counts_remove"();
--> statement-breakpoint
-- An update is its old rows removed and its new ones added.
CREATE TRIGGER "playlist_targets_count_update_old" AFTER UPDATE ON "playlist_targets"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "playlist_direct_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "playlist_targets_count_update_new" AFTER UPDATE ON "playlist_targets"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "playlist_direct_counts_add"();
--> statement-breakpoint
INSERT INTO "playlist_direct_counts" ("playlist_id", "points")
SELECT "playlist_id", count(*)::int FROM "playlist_targets" WHERE "point_id" IS NOT NULL GROUP BY "playlist_id";
