-- The audience report (shows and measured hours per screen and hour of the day) read every screen-hour of
-- its period: at 100 M shows, 1.08 M rows of `playback_screen_hourly` and 0.54 M of `audience_hourly` for
-- 90 days, p95 533-599 ms against a goal of 500 (bench/README-reports.md). Both are summed here by local
-- week (from Monday, as date_trunc('week') counts) and hour of the day, so a period's whole weeks are read
-- from a seventh of the rows and only its days outside them from the hourly tables
-- (statistic.repository.ts). Kept by the database, as 0037's sums are: `playback_rollups_move` gains the
-- weekly table beside the others (the same three cases: in place, added, taken away), and statement
-- triggers on `audience_hourly` count its hours.
CREATE TABLE "audience_weekly" (
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"week_local" date NOT NULL,
	"hour_of_day" smallint NOT NULL,
	"hours" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playback_screen_weekly" (
	"cabinet_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"week_local" date NOT NULL,
	"hour_of_day" smallint NOT NULL,
	"rows" integer NOT NULL,
	"shows" integer NOT NULL,
	"impressions" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_weekly" ADD CONSTRAINT "audience_weekly_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_screen_weekly" ADD CONSTRAINT "playback_screen_weekly_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audience_weekly_key_idx" ON "audience_weekly" USING btree ("point_id","week_local","hour_of_day");--> statement-breakpoint
CREATE INDEX "audience_weekly_cabinet_week_idx" ON "audience_weekly" USING btree ("cabinet_id","week_local");--> statement-breakpoint
CREATE UNIQUE INDEX "playback_screen_weekly_key_idx" ON "playback_screen_weekly" USING btree ("point_id","week_local","hour_of_day");--> statement-breakpoint
CREATE INDEX "playback_screen_weekly_cabinet_week_idx" ON "playback_screen_weekly" USING btree ("cabinet_id","week_local");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "playback_rollups_move"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		UPDATE "playback_screen_weekly" AS w SET "shows" = w."shows" + m."shows",
			"impressions" = w."impressions" + m."impressions"
		FROM (
			SELECT "point_id", date_trunc('week', "hour_local")::date AS "week_local", extract(hour FROM "hour_local")::smallint AS "hour_of_day",
				sum("shows")::int AS "shows", sum("impressions") AS "impressions"
			FROM (
				SELECT "point_id", "hour_local", "shows", "impressions" FROM "added"
				UNION ALL
				SELECT "point_id", "hour_local", -"shows", -"impressions" FROM "removed"
			) AS moved GROUP BY 1, 2, 3
		) AS m
		WHERE w."point_id" = m."point_id" AND w."week_local" = m."week_local" AND w."hour_of_day" = m."hour_of_day";
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
		INSERT INTO "playback_screen_weekly" AS w ("cabinet_id", "point_id", "week_local", "hour_of_day",
			"rows", "shows", "impressions")
		SELECT "cabinet_id", "point_id", date_trunc('week', "hour_local")::date, extract(hour FROM "hour_local")::smallint, count(*), sum("shows"), sum("impressions")
		FROM "added" GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
		ON CONFLICT ("point_id", "week_local", "hour_of_day") DO UPDATE SET
			"rows" = w."rows" + EXCLUDED."rows", "shows" = w."shows" + EXCLUDED."shows",
			"impressions" = w."impressions" + EXCLUDED."impressions";
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
		UPDATE "playback_screen_weekly" AS w SET "rows" = w."rows" - r."rows", "shows" = w."shows" - r."shows",
			"impressions" = w."impressions" - r."impressions"
		FROM (
			SELECT "point_id", date_trunc('week', "hour_local")::date AS "week_local", extract(hour FROM "hour_local")::smallint AS "hour_of_day", count(*)::int AS "rows",
				sum("shows")::int AS "shows", sum("impressions") AS "impressions"
			FROM "removed" GROUP BY 1, 2, 3
		) AS r
		WHERE w."point_id" = r."point_id" AND w."week_local" = r."week_local" AND w."hour_of_day" = r."hour_of_day";
		DELETE FROM "playback_screen_weekly" AS w USING "removed" AS r
		WHERE w."rows" <= 0 AND w."point_id" = r."point_id" AND w."week_local" = date_trunc('week', r."hour_local")::date
			AND w."hour_of_day" = extract(hour FROM r."hour_local")::smallint;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "audience_weekly_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO "audience_weekly" AS w ("cabinet_id", "point_id", "week_local", "hour_of_day", "hours")
		SELECT "cabinet_id", "point_id", date_trunc('week', "hour_local")::date, extract(hour FROM "hour_local")::smallint, count(*)
		FROM "added" GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
		ON CONFLICT ("point_id", "week_local", "hour_of_day") DO UPDATE SET "hours" = w."hours" + EXCLUDED."hours";
	END IF;
	IF TG_OP <> 'INSERT' THEN
		-- Taken away after the additions, so a measured hour reported again (an update in place) never
		-- leaves its row at nought on the way.
		UPDATE "audience_weekly" AS w SET "hours" = w."hours" - r."hours"
		FROM (
			SELECT "point_id", date_trunc('week', "hour_local")::date AS "week_local", extract(hour FROM "hour_local")::smallint AS "hour_of_day", count(*)::int AS "hours"
			FROM "removed" GROUP BY 1, 2, 3
		) AS r
		WHERE w."point_id" = r."point_id" AND w."week_local" = r."week_local" AND w."hour_of_day" = r."hour_of_day";
		DELETE FROM "audience_weekly" AS w USING "removed" AS r
		WHERE w."hours" <= 0 AND w."point_id" = r."point_id" AND w."week_local" = date_trunc('week', r."hour_local")::date
			AND w."hour_of_day" = extract(hour FROM r."hour_local")::smallint;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audience_hourly_weekly_insert" AFTER INSERT ON "audience_hourly"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "audience_weekly_move"();
--> statement-breakpoint
CREATE TRIGGER "audience_hourly_weekly_update" AFTER UPDATE ON "audience_hourly"
	REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "audience_weekly_move"();
--> statement-breakpoint
CREATE TRIGGER "audience_hourly_weekly_delete" AFTER DELETE ON "audience_hourly"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "audience_weekly_move"();
--> statement-breakpoint
-- What is there already (the triggers above hold both hourly tables against writers until this commits).
INSERT INTO "playback_screen_weekly" ("cabinet_id", "point_id", "week_local", "hour_of_day", "rows", "shows",
	"impressions")
SELECT "cabinet_id", "point_id", date_trunc('week', "hour_local")::date, extract(hour FROM "hour_local")::smallint, count(*), sum("shows"), sum("impressions")
FROM "playback_hourly" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "audience_weekly" ("cabinet_id", "point_id", "week_local", "hour_of_day", "hours")
SELECT "cabinet_id", "point_id", date_trunc('week', "hour_local")::date, extract(hour FROM "hour_local")::smallint, count(*)
FROM "audience_hourly" GROUP BY 1, 2, 3, 4;
