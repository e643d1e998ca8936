-- A command's screen is kept by statement, not by a foreign key's lookup per row stored (a command to 10,000
-- screens spent a third of its insert on this key's checks; bench/README-web.md). The insert reads the
-- screens it commands and locks them against removal (FOR KEY SHARE) in its one statement
-- (point-command.repository.ts), and a screen's removal takes its commands with it here, once a statement
-- (a cabinet's removal cascades to its screens, and so to their commands).
ALTER TABLE "point_commands" DROP CONSTRAINT "point_commands_point_id_points_id_fk";
--> statement-breakpoint
CREATE FUNCTION "point_commands_remove_with_screens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "point_commands" AS c USING "removed" AS r WHERE c."point_id" = r."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "points_remove_commands" AFTER DELETE ON "points"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "point_commands_remove_with_screens"();
