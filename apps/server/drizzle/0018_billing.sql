CREATE TABLE "charged_screen_days" (
	"cabinet_id" integer NOT NULL,
	"day" date NOT NULL,
	"point_id" integer NOT NULL,
	"entry_id" bigint,
	CONSTRAINT "charged_screen_days_cabinet_id_day_point_id_pk" PRIMARY KEY("cabinet_id","day","point_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint NOT NULL,
	"day" date,
	"lines" jsonb,
	"terms" jsonb,
	"note" text,
	"actor_id" integer,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tariff_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"monthly_price" bigint NOT NULL,
	"screen_limit" integer,
	"free_slots" integer NOT NULL,
	"storage_per_screen" bigint NOT NULL,
	"features" jsonb NOT NULL,
	"audio_only" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cabinets" ADD COLUMN "unpaid_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cabinets" ADD COLUMN "yearly_until" date;--> statement-breakpoint
ALTER TABLE "charged_screen_days" ADD CONSTRAINT "charged_screen_days_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charged_screen_days" ADD CONSTRAINT "charged_screen_days_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_cabinet_idx" ON "ledger_entries" USING btree ("cabinet_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_external_idx" ON "payments" USING btree ("provider","external_id");--> statement-breakpoint
ALTER TABLE "cabinets" ADD CONSTRAINT "cabinets_balance_not_negative" CHECK ("cabinets"."balance" >= 0);