CREATE TABLE "biller_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"consumer_number" text,
	"request" jsonb NOT NULL,
	"response_code" text NOT NULL,
	"response" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_fees" (
	"batch_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"quarter" text NOT NULL,
	"fee" integer NOT NULL,
	CONSTRAINT "online_fees_batch_id_course_id_quarter_pk" PRIMARY KEY("batch_id","course_id","quarter")
);
--> statement-breakpoint
CREATE TABLE "payment_branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_name" text NOT NULL,
	"contact_no" text NOT NULL,
	"branch_address" text NOT NULL,
	"city" text NOT NULL,
	"location" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"consumer_number" text NOT NULL,
	"tran_auth_id" text NOT NULL,
	"tran_date" text NOT NULL,
	"tran_time" text NOT NULL,
	"bank_mnemonic" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"quarter" text NOT NULL,
	"gender" text NOT NULL,
	"name" text NOT NULL,
	"campus" text NOT NULL,
	"city" text NOT NULL,
	"day" text NOT NULL,
	"time" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"quarter_fee" integer NOT NULL,
	"year" integer NOT NULL,
	"total_seats" integer NOT NULL,
	"booked_seats" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "time_slots_seats" CHECK ("time_slots"."booked_seats" >= 0 and "time_slots"."booked_seats" <= "time_slots"."total_seats")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_no" text NOT NULL,
	"student_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"quarter" text NOT NULL,
	"time_slot_id" uuid,
	"fee_amount" integer NOT NULL,
	"state" text DEFAULT 'UNPAID' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "online_fees" ADD CONSTRAINT "online_fees_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_fees" ADD CONSTRAINT "online_fees_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_branches_name_city_key" ON "payment_branches" USING btree ("branch_name","city");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_key" ON "payments" USING btree ("consumer_number","tran_auth_id","tran_date","bank_mnemonic");--> statement-breakpoint
CREATE UNIQUE INDEX "time_slots_natural_key" ON "time_slots" USING btree ("batch_id","course_id","quarter","gender","name","campus","day","time");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_voucher_no_key" ON "vouchers" USING btree ("voucher_no");--> statement-breakpoint
CREATE INDEX "vouchers_student_idx" ON "vouchers" USING btree ("student_id","quarter");--> statement-breakpoint
CREATE INDEX "vouchers_slot_unpaid_idx" ON "vouchers" USING btree ("time_slot_id") WHERE state = 'UNPAID';