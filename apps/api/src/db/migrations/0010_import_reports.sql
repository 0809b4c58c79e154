CREATE TABLE "import_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mode" text DEFAULT 'preview' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"changes" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"report_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"line" integer NOT NULL,
	"label" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"item" json,
	CONSTRAINT "import_rows_report_id_position_pk" PRIMARY KEY("report_id","position")
);
--> statement-breakpoint
ALTER TABLE "import_reports" ADD CONSTRAINT "import_reports_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_report_id_import_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."import_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_reports_created_idx" ON "import_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_rows_outcome_idx" ON "import_rows" USING btree ("report_id","outcome","position");