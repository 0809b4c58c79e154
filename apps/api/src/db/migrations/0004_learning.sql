CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_links" (
	"course_id" uuid NOT NULL,
	"batch_number" integer DEFAULT 0 NOT NULL,
	"quarter" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "course_links_course_id_batch_number_quarter_kind_pk" PRIMARY KEY("course_id","batch_number","quarter","kind")
);
--> statement-breakpoint
CREATE TABLE "course_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"batch_number" integer DEFAULT 0 NOT NULL,
	"quarter" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_keys" (
	"batch_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"quiz_name" text NOT NULL,
	"exam_key" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "exam_keys_batch_id_course_id_quiz_name_pk" PRIMARY KEY("batch_id","course_id","quiz_name")
);
--> statement-breakpoint
CREATE TABLE "lesson_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video_url" text NOT NULL,
	"sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textbooks" (
	"course_id" uuid NOT NULL,
	"batch_number" integer DEFAULT 0 NOT NULL,
	"quarter" text NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "textbooks_course_id_batch_number_quarter_title_pk" PRIMARY KEY("course_id","batch_number","quarter","title")
);
--> statement-breakpoint
CREATE TABLE "video_progress" (
	"student_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"position_seconds" real NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_progress_student_id_topic_id_pk" PRIMARY KEY("student_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "course_links" ADD CONSTRAINT "course_links_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_keys" ADD CONSTRAINT "exam_keys_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_keys" ADD CONSTRAINT "exam_keys_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_topics" ADD CONSTRAINT "lesson_topics_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_topic_id_lesson_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."lesson_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_natural_key" ON "announcements" USING btree ("title","published_at");--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_sections_natural_key" ON "course_sections" USING btree ("course_id","batch_number","quarter","title");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_topics_natural_key" ON "lesson_topics" USING btree ("lesson_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_natural_key" ON "lessons" USING btree ("section_id","title");