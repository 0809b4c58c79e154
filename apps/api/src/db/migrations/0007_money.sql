CREATE TABLE "reconciliation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid,
	"staff_label" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows" integer NOT NULL,
	"lists" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "source" text DEFAULT 'biller' NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_reports" ADD CONSTRAINT "reconciliation_reports_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_reports_created_idx" ON "reconciliation_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "biller_notifications_received_idx" ON "biller_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "biller_notifications_consumer_idx" ON "biller_notifications" USING btree ("consumer_number","received_at");--> statement-breakpoint
CREATE INDEX "payments_voucher_idx" ON "payments" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "payments_tran_date_idx" ON "payments" USING btree ("tran_date");