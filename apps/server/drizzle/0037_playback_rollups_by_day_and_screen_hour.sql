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
-- in step without knowing them: a statement trigger per event calls one function with the rows the
-- statement added ("added") and took away ("removed"). `rows` counts the hourly rows a row sums; a row whose
-- last hourly row goes is deleted. An update that keeps every row's key (ingest adding to an hour it had,
-- a measured hour, a correction of amounts) moves each sum by its difference in one statement a table.
--
-- One statement of ingest fires its update trigger and then its insert trigger, each writing its rows in
-- key order, so two batches of one screen could take the same rows in crossed orders. The function first
-- takes a transaction lock per screen it touches ("roll", 0x726f6c6c = 1919904876, then the screen id, in id
-- order), so the rollups of one screen are written by one transaction at a time and none waits on another;
-- batches of different screens never share a row. A statement of more than 100 screens (a cabinet's
-- removal, a large correction) takes none rather than fill the server's lock table: at worst it meets a
-- crossed order and PostgreSQL cancels one side whole, to be sent again (a player resends by itself).
CREATE FUNCTION "playback_rollups_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	in_place boolean := false;
BEGIN
	IF TG_OP <> 'DELETE' THEN
		PERFORM pg_advisory_xact_lock(1919904876, s."point_id")
		FROM (SELECT DISTINCT "point_id" FROM "added" ORDER BY 1) AS s
		WHERE (SELECT count(DISTINCT "point_id") FROM "added") <= 100;
	ELSE
		PERFORM pg_advisory_xact_lock(1919904876, s."point_id")
		FROM (SELECT DISTINCT "point_id" FROM "removed" ORDER BY 1) AS s
		WHERE (SELECT count(DISTINCT "point_id") FROM "removed") <= 100;
	END IF;
	IF TG_OP = 'UPDATE' THEN
		-- Every key found among the old rows: each row stayed where it was (keys are unique on both sides).
		in_place := NOT EXISTS (
			SELECT "cabinet_id", "point_id", "hour_utc", "hour_local", "playlist_id", "file_id", "source" FROM "added"
			EXCEPT
			SELECT "cabinet_id", "point_id", "hour_utc", "hour_local", "playlist_id", "file_id", "source" FROM "removed"
		);
	END IF;
	IF in_place THEN
		UPDATE "playback_daily" AS d SET "shows" = d."shows" + m."shows", "seconds" = d."seconds" + m."seconds",
			"impressions" = d."impressions" + m."impressions", "cost" = d."cost" + m."cost",
			"revenue" = d."revenue" + m."revenue"
		FROM (
			SELECT "point_id", "hour_local"::date AS "day_local", "playlist_id", "file_id", "source",
				sum("shows")::int AS "shows", sum("seconds") AS "seconds", sum("impressions") AS "impressions",
				sum("cost") AS "cost", sum("revenue") AS "revenue"
			FROM (
				SELECT "point_id", "hour_local", "playlist_id", "file_id", "source", "shows", "seconds", "impressions",
					"cost", "revenue" FROM "added"
				UNION ALL
				SELECT "point_id", "hour_local", "playlist_id", "file_id", "source", -"shows", -"seconds", -"impressions",
					-"cost", -"revenue" FROM "removed"
			) AS moved GROUP BY 1, 2, 3, 4, 5
		) AS m
		WHERE d."point_id" = m."point_id" AND d."day_local" = m."day_local" AND d."playlist_id" = m."playlist_id"
			AND d."file_id" = m."file_id" AND d."source" = m."source";
		UPDATE "playback_screen_hourly" AS h SET "shows" = h."shows" + m."shows", "seconds" = h."seconds" + m."seconds",
			"impressions" = h."impressions" + m."impressions", "cost" = h."cost" + m."cost",
			"revenue" = h."revenue" + m."revenue"
		FROM (
			SELECT "point_id", "hour_utc", "hour_local", "source", sum("shows")::int AS "shows", sum("seconds") AS "seconds",
				sum("impressions") AS "impressions", sum("cost") AS "cost", sum("revenue") AS "revenue"
			FROM (
				SELECT "point_id", "hour_utc", "hour_local", "source", "shows", "seconds", "impressions", "cost", "revenue"
				FROM "added"
				UNION ALL
				SELECT "point_id", "hour_utc", "hour_local", "source", -"shows", -"seconds", -"impressions", -"cost", -"revenue"
				FROM "removed"
			) AS moved GROUP BY 1, 2, 3, 4
		) AS m
		WHERE h."point_id" = m."point_id" AND h."hour_utc" = m."hour_utc" AND h."hour_local" = m."hour_local"
			AND h."source" = m."source";
		RETURN NULL;
	END IF;
	IF TG_OP <> 'DELETE' THEN
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
	END IF;
	IF TG_OP <> 'INSERT' THEN
		-- Taken away, then the rows left summing nothing deleted: a second statement, so that a row another
		-- transaction added to meanwhile is seen with its addition (the update waits for it and applies to it).
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
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "playback_hourly_rollups_insert" AFTER INSERT ON "playback_hourly"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "playback_rollups_move"();
--> statement-breakpoint
CREATE TRIGGER "playback_hourly_rollups_update" AFTER UPDATE ON "playback_hourly"
	REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "playback_rollups_move"();
--> statement-breakpoint
CREATE TRIGGER "playback_hourly_rollups_delete" AFTER DELETE ON "playback_hourly"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "playback_rollups_move"();
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
