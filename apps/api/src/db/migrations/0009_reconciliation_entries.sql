CREATE TABLE "reconciliation_entries" (
	"report_id" uuid NOT NULL,
	"list" text NOT NULL,
	"position" integer NOT NULL,
	"settlement_key" text,
	"entry" json NOT NULL,
	CONSTRAINT "reconciliation_entries_report_id_list_position_pk" PRIMARY KEY("report_id","list","position")
);
--> statement-breakpoint
DROP INDEX "payments_tran_date_idx";--> statement-breakpoint
ALTER TABLE "reconciliation_reports" ALTER COLUMN "lists" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_reports" ADD COLUMN "matched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_reports" ADD COLUMN "paid_only_in_settlement" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_reports" ADD COLUMN "paid_only_in_portal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_reports" ADD COLUMN "amount_mismatch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_reports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_entries" ADD CONSTRAINT "reconciliation_entries_report_id_reconciliation_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reconciliation_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_entries_settlement_key" ON "reconciliation_entries" USING btree ("report_id","settlement_key");--> statement-breakpoint
CREATE INDEX "payments_tran_date_consumer_idx" ON "payments" USING btree ("tran_date","consumer_number","id");--> statement-breakpoint
-- Reports kept before decision 0039: their lists are copied into reconciliation_entries, in their order, and
-- their counts and finish recorded. `lists` stays as it was for the release before, which still reads it
-- during a rolling upgrade; the release after drops it (decision 0038).
INSERT INTO "reconciliation_entries" ("report_id", "list", "position", "entry")
SELECT r."id", l.key, e.position::integer, e.value::json
FROM "reconciliation_reports" r
CROSS JOIN LATERAL jsonb_each(r."lists"::jsonb) AS l(key, value)
CROSS JOIN LATERAL jsonb_array_elements(l.value) WITH ORDINALITY AS e(value, position)
WHERE r."lists" IS NOT NULL;--> statement-breakpoint
UPDATE "reconciliation_reports" r SET
  "matched" = jsonb_array_length(r."lists"::jsonb -> 'matched'),
  "paid_only_in_settlement" = jsonb_array_length(r."lists"::jsonb -> 'paidOnlyInSettlement'),
  "paid_only_in_portal" = jsonb_array_length(r."lists"::jsonb -> 'paidOnlyInPortal'),
  "amount_mismatch" = jsonb_array_length(r."lists"::jsonb -> 'amountMismatch'),
  "finished_at" = r."created_at"
WHERE r."lists" IS NOT NULL;
