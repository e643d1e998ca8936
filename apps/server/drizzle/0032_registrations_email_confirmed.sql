CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_token_idx" ON "registrations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "registrations_email_lower_idx" ON "registrations" USING btree (lower("email"));--> statement-breakpoint
-- Accounts made before this column cannot be told apart: a verified one is taken as confirmed.
UPDATE "users" SET "email_confirmed" = true WHERE "verified";
