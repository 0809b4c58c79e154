CREATE TABLE "batch_courses" (
	"batch_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "batch_courses_batch_id_course_id_pk" PRIMARY KEY("batch_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"number" integer NOT NULL,
	"city" text NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"course_color" text DEFAULT '#0b5394' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "reference_items" (
	"list" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"parent" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "reference_items_list_parent_value_pk" PRIMARY KEY("list","parent","value")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cnic" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"full_name" text,
	"father_name" text,
	"gender" text,
	"dob" date,
	"phone_number" text,
	"home_address" text,
	"last_qualification" text,
	"province" text,
	"city" text,
	"have_laptop" boolean,
	"image_key" text,
	"roll_no" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"reject_reason" text,
	"is_profile_complete" boolean DEFAULT false NOT NULL,
	"is_document_uploaded" boolean DEFAULT false NOT NULL,
	"is_document_verified" boolean DEFAULT false NOT NULL,
	"on_site_allowed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_courses" ADD CONSTRAINT "batch_courses_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_courses" ADD CONSTRAINT "batch_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batches_name_city_key" ON "batches" USING btree ("name","city");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_key" ON "courses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_student_idx" ON "email_tokens" USING btree ("student_id","purpose");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE sent_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_student_idx" ON "sessions" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_cnic_key" ON "students" USING btree ("cnic");--> statement-breakpoint
CREATE UNIQUE INDEX "students_email_key" ON "students" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "students_roll_no_key" ON "students" USING btree ("roll_no");