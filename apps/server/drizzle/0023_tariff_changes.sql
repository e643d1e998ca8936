CREATE TABLE "tariff_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tariff" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tariff_changes" ADD CONSTRAINT "tariff_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;