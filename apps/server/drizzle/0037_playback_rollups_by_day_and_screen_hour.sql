CREATE TABLE "playback_daily" (
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"day_local" date NOT NULL,
	"playlist_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"source" text NOT NULL,
	"rows" integer NOT NULL,
	"shows" integer NOT NULL,
	"seconds" double precision NOT NULL,
	"impressions" double precision NOT NULL,
	"cost" double precision NOT NULL,
	"revenue" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playback_screen_hourly" (
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"hour_utc" timestamp with time zone NOT NULL,
	"hour_local" timestamp NOT NULL,
	"source" text NOT NULL,
	"rows" integer NOT NULL,
	"shows" integer NOT NULL,
	"seconds" double precision NOT NULL,
	"impressions" double precision NOT NULL,
	"cost" double precision NOT NULL,
	"revenue" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playback_daily" ADD CONSTRAINT "playback_daily_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_screen_hourly" ADD CONSTRAINT "playback_screen_hourly_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "playback_daily_key_idx" ON "playback_daily" USING btree ("point_id","day_local","playlist_id","file_id","source");--> statement-breakpoint
CREATE INDEX "playback_daily_cabinet_day_idx" ON "playback_daily" USING btree ("cabinet_id","day_local");--> statement-breakpoint
CREATE UNIQUE INDEX "playback_screen_hourly_key_idx" ON "playback_screen_hourly" USING btree ("point_id","hour_utc","hour_local","source");--> statement-breakpoint
CREATE INDEX "playback_screen_hourly_cabinet_local_idx" ON "playback_screen_hourly" USING btree ("cabinet_id","hour_local");--> statement-breakpoint
-- Both tables sum `playback_hourly` further (schema/statistics.ts) and are kept by the database itself, so
-- every writer of the hourly rollup (ingest, corrections, measured audience, a cabinet's removal) keeps them
-- in step without knowing them: one statement trigger per event, as transition tables allow one event a
-- trigger, and an update is its new rows added, then its old rows taken away (as in 0028). `rows` counts the
-- hourly rows a row sums; a row whose last hourly row goes is deleted.
-- One statement of ingest fires its update and its insert triggers one after the other, each locking its
-- rows in key order, so two batches of one screen could take the same rows in crossed orders. Each
-- function first takes a transaction lock per screen it touches ("roll", 0x726f6c6c, then the screen id;
-- in id order), so the rollups of one screen are written by one transaction at a time and no two wait on
-- each other; batches of different screens never share a row. A statement of more than 100 screens (a
-- cabinet's removal, a large correction) takes none rather than fill the server's lock table: at worst
-- it meets a crossed order and PostgreSQL cancels one side whole, to be sent again (a player resends itself).
CREATE FUNCTION "playback_rollups_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(1919904876, s."point_id")
	FROM (SELECT DISTINCT "point_id" FROM "added" ORDER BY 1) AS s
	WHERE (SELECT count(DISTINCT "point_id") FROM "added") <= 100;
	INSERT INTO "playback_daily" AS d ("cabinet_id", "point_id", "day_local", "playlist_id", "file_id", "source",
		"rows", "shows", "seconds", "impressions", "cost", "revenue")
	SELECT "cabinet_id", "point_id", "hour_local"::date, "playlist_id", "file_id", "source",
		count(*), sum("shows"), sum("seconds"), sum("impressions"), sum("cost"), sum("revenue")
	FROM "added" GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 3, 4, 5, 6
	ON CONFLICT ("point_id", "day_local", "playlist_id", "file_id", "source") DO UPDATE SET
		"rows" = d."rows" + EXCLUDED."rows", "shows" = d."shows" + EXCLUDED."shows",
		"seconds" = d."seconds" + EXCLUDED."seconds", "impressions" = d."impressions" + EXCLUDED."impressions",
		"cost" = d."cost" + EXCLUDED."cost", "revenue" = d."revenue" + EXCLUDED."revenue";
	INSERT INTO "playback_screen_hourly" AS h ("cabinet_id", "point_id", "hour_utc", "hour_local", "source",
		"rows", "shows", "seconds", "impressions", "cost", "revenue")
	SELECT "cabinet_id", "point_id", "hour_utc", "hour_local", "source",
		count(*), sum("shows"), sum("seconds"), sum("impressions"), sum("cost"), sum("revenue")
	FROM "added" GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
	ON CONFLICT ("point_id", "hour_utc", "hour_local", "source") DO UPDATE SET
		"rows" = h."rows" + EXCLUDED."rows", "shows" = h."shows" + EXCLUDED."shows",
		"seconds" = h."seconds" + EXCLUDED."seconds", "impressions" = h."impressions" + EXCLUDED."impressions",
		"cost" = h."cost" + EXCLUDED."cost", "revenue" = h."revenue" + EXCLUDED."revenue";
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Taken away, then the rows left summing nothing deleted: a second statement, so that a row another
-- transaction added to meanwhile is seen with its addition (an update waits for it and applies to it).
CREATE FUNCTION "playback_rollups_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(1919904876, s."point_id")
	FROM (SELECT DISTINCT "point_id" FROM "removed" ORDER BY 1) AS s
	WHERE (SELECT count(DISTINCT "point_id") FROM "removed") <= 100;
	UPDATE "playback_daily" AS d SET "rows" = d."rows" - r."rows", "shows" = d."shows" - r."shows",
		"seconds" = d."seconds" - r."seconds", "impressions" = d."impressions" - r."impressions",
		"cost" = d."cost" - r."cost", "revenue" = d."revenue" - r."revenue"
	FROM (
		SELECT "point_id", "hour_local"::date AS "day_local", "playlist_id", "file_id", "source", count(*)::int AS "rows",
			sum("shows")::int AS "shows", sum("seconds") AS "seconds", sum("impressions") AS "impressions",
			sum("cost") AS "cost", sum("revenue") AS "revenue"
		FROM "removed" GROUP BY 1, 2, 3, 4, 5
	) AS r
	WHERE d."point_id" = r."point_id" AND d."day_local" = r."day_local" AND d."playlist_id" = r."playlist_id"
		AND d."file_id" = r."file_id" AND d."source" = r."source";
	DELETE FROM "playback_daily" AS d USING "removed" AS r
	WHERE d."rows" <= 0 AND d."point_id" = r."point_id" AND d."day_local" = r."hour_local"::date
		AND d."playlist_id" = r."playlist_id" AND d."file_id" = r."file_id" AND d."source" = r."source";
	UPDATE "playback_screen_hourly" AS h SET "rows" = h."rows" - r."rows", "shows" = h."shows" - r."shows",
		"seconds" = h."seconds" - r."seconds", "impressions" = h."impressions" - r."impressions",
		"cost" = h."cost" - r."cost", "revenue" = h."revenue" - r."revenue"
	FROM (
		SELECT "point_id", "hour_utc", "hour_local", "source", count(*)::int AS "rows", sum("shows")::int AS "shows",
			sum("seconds") AS "seconds", sum("impressions") AS "impressions", sum("cost") AS "cost",
			sum("revenue") AS "revenue"
		FROM "removed" GROUP BY 1, 2, 3, 4
	) AS r
	WHERE h."point_id" = r."point_id" AND h."hour_utc" = r."hour_utc" AND h."hour_local" = r."hour_local"
		AND h."source" = r."source";
	DELETE FROM "playback_screen_hourly" AS h USING "removed" AS r
	WHERE h."rows" <= 0 AND h."point_id" = r."point_id" AND h."hour_utc" = r."hour_utc"
		AND h."hour_local" = r."hour_local" AND h."source" = r."source";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "playback_hourly_rollups_insert" AFTER INSERT ON "playback_hourly"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "playback_rollups_add"();
--> statement-breakpoint
CREATE TRIGGER "playback_hourly_rollups_delete" AFTER DELETE ON "playback_hourly"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "playback_rollups_remove"();
--> statement-breakpoint
-- Triggers of one event fire in name order: the new rows are added first, so a row that stays is never
-- deleted and written again.
CREATE TRIGGER "playback_hourly_rollups_update_1_add" AFTER UPDATE ON "playback_hourly"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "playback_rollups_add"();
--> statement-breakpoint
CREATE TRIGGER "playback_hourly_rollups_update_2_remove" AFTER UPDATE ON "playback_hourly"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "playback_rollups_remove"();
--> statement-breakpoint
-- What is there already (the triggers above hold the hourly rollup against writers until this commits).
INSERT INTO "playback_daily" ("cabinet_id", "point_id", "day_local", "playlist_id", "file_id", "source",
	"rows", "shows", "seconds", "impressions", "cost", "revenue")
SELECT "cabinet_id", "point_id", "hour_local"::date, "playlist_id", "file_id", "source",
	count(*), sum("shows"), sum("seconds"), sum("impressions"), sum("cost"), sum("revenue")
FROM "playback_hourly" GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "playback_screen_hourly" ("cabinet_id", "point_id", "hour_utc", "hour_local", "source",
	"rows", "shows", "seconds", "impressions", "cost", "revenue")
SELECT "cabinet_id", "point_id", "hour_utc", "hour_local", "source",
	count(*), sum("shows"), sum("seconds"), sum("impressions"), sum("cost"), sum("revenue")
FROM "playback_hourly" GROUP BY 1, 2, 3, 4, 5;
