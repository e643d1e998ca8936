ALTER TABLE "point_commands" DROP CONSTRAINT "point_commands_cabinet_id_cabinets_id_fk";
--> statement-breakpoint
ALTER TABLE "point_commands" DROP CONSTRAINT "point_commands_created_by_users_id_fk";
