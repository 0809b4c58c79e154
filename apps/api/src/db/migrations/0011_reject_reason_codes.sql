ALTER TABLE "students" ADD COLUMN "reject_reason_code" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "reject_reason_note" text;