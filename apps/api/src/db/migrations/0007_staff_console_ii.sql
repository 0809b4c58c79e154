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
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"uploader_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "source" text DEFAULT 'biller' NOT NULL;--> statement-breakpoint
ALTER TABLE "textbooks" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_reports" ADD CONSTRAINT "reconciliation_reports_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_uploader_id_staff_accounts_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_reports_created_idx" ON "reconciliation_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "biller_notifications_received_idx" ON "biller_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "biller_notifications_consumer_idx" ON "biller_notifications" USING btree ("consumer_number","received_at");--> statement-breakpoint
CREATE INDEX "payments_voucher_idx" ON "payments" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "payments_tran_date_idx" ON "payments" USING btree ("tran_date");--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_id_unique" UNIQUE("id");