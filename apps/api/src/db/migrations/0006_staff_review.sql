ALTER TABLE "students" ADD COLUMN "documents_submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "students_phone_idx" ON "students" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "students_created_idx" ON "students" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "students_review_queue_idx" ON "students" USING btree ("documents_submitted_at","id") WHERE "students"."status" = 'Pending' and "students"."is_document_uploaded";--> statement-breakpoint
-- Students whose documents already wait keep their place in the queue: the time of their last change.
UPDATE "students" SET "documents_submitted_at" = "updated_at"
 WHERE "status" = 'Pending' AND "is_document_uploaded" AND "documents_submitted_at" IS NULL;
--> statement-breakpoint
-- Staff search by the start of a name, in any case (decision 0020); drizzle cannot express the operator class.
CREATE INDEX "students_name_prefix_idx" ON "students" USING btree (lower("full_name") text_pattern_ops);
--> statement-breakpoint
-- Staff search by e-mail in any case (addresses are stored lower-cased, but the index makes no assumption).
CREATE INDEX "students_email_lower_idx" ON "students" USING btree (lower("email"));
