-- A screen's device token is cached by each server process (modules/point/device-tokens.ts), so the database
-- itself announces, on the bus channel "vitrine_devices", every screen whose token stops working: a screen
-- removed (alone, by the hundred, or with its cabinet) or a token changed, by the product or by hand. NOTIFY
-- in a trigger is sent when its transaction commits and never when it rolls back, so every process forgets
-- exactly the screens whose change has become visible. Payloads: "r:" (removed) or "t:" (token changed)
-- and the screens' ids, comma-separated, 500 a message to stay under NOTIFY's 8000 bytes.
CREATE FUNCTION "points_announce_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	chunk text;
BEGIN
	FOR chunk IN
		SELECT string_agg(g."id"::text, ',')
		FROM (SELECT r."id", (row_number() OVER (ORDER BY r."id") - 1) / 500 AS part FROM "removed" AS r) AS g
		GROUP BY g.part
	LOOP
		PERFORM pg_notify('vitrine_devices', 'r:' || chunk);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "points_announce_removed" AFTER DELETE ON "points"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "points_announce_removed"();
--> statement-breakpoint
CREATE FUNCTION "points_announce_token"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('vitrine_devices', 't:' || OLD."id");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "points_announce_token" AFTER UPDATE OF "device_token_hash", "cabinet_id" ON "points"
	FOR EACH ROW
	WHEN (OLD."device_token_hash" IS NOT NULL AND (OLD."device_token_hash" IS DISTINCT FROM NEW."device_token_hash" OR OLD."cabinet_id" <> NEW."cabinet_id"))
	EXECUTE FUNCTION "points_announce_token"();
