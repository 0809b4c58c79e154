ALTER TABLE "announcements" ADD COLUMN "title_ur" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "description_ur" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "audience_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "audience_course" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "audience_status" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "audience_city" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "emailed_to" integer;