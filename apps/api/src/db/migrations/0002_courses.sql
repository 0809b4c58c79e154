CREATE SEQUENCE "public"."roll_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "batch_configs" (
	"batch_id" uuid PRIMARY KEY NOT NULL,
	"android_link" text DEFAULT '' NOT NULL,
	"ios_link" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"instructions_for_male" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"instructions_for_female" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"admit_card_message" text
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"status" text DEFAULT 'APPLIED' NOT NULL,
	"currently_onsite" boolean NOT NULL,
	"current_quarter" text DEFAULT 'Q1' NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quarter_results" (
	"enrolment_id" uuid NOT NULL,
	"quarter" text NOT NULL,
	"grade" text NOT NULL,
	"percentile" integer NOT NULL,
	"is_passed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quarter_results_enrolment_id_quarter_pk" PRIMARY KEY("enrolment_id","quarter")
);
--> statement-breakpoint
CREATE TABLE "restricted_grants" (
	"student_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"on_site_allowed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "restricted_grants_student_id_batch_id_course_id_pk" PRIMARY KEY("student_id","batch_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "batch_configs" ADD CONSTRAINT "batch_configs_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarter_results" ADD CONSTRAINT "quarter_results_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricted_grants" ADD CONSTRAINT "restricted_grants_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricted_grants" ADD CONSTRAINT "restricted_grants_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricted_grants" ADD CONSTRAINT "restricted_grants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_student_batch_key" ON "enrolments" USING btree ("student_id","batch_id");--> statement-breakpoint
CREATE INDEX "enrolments_batch_course_idx" ON "enrolments" USING btree ("batch_id","course_id");