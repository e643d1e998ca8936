CREATE TABLE "ssp_supplier_reports" (
	"cabinet_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"hour_utc" timestamp with time zone NOT NULL,
	"shows" integer NOT NULL,
	"impressions_micros" bigint NOT NULL,
	"revenue_micros" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "ssp_supplier_reports_cabinet_id_supplier_id_hour_utc_pk" PRIMARY KEY("cabinet_id","supplier_id","hour_utc")
);
--> statement-breakpoint
ALTER TABLE "ssp_supplier_reports" ADD CONSTRAINT "ssp_supplier_reports_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_supplier_reports" ADD CONSTRAINT "ssp_supplier_reports_supplier_id_ssp_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."ssp_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssp_supplier_reports" ADD CONSTRAINT "ssp_supplier_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;