import { sql } from 'drizzle-orm';
import { COURSE_MODES, ENROLMENT_STATUSES } from '@portal/shared/constants/enrolment';
import { COURSE_LINK_KINDS } from '@portal/shared/constants/learning';
import { DOCUMENT_TYPES, GENDERS, STUDENT_STATUSES } from '@portal/shared/constants/student';
import { STAFF_ROLES, STAFF_STATUSES } from '@portal/shared/constants/staff';
import { locales } from '@portal/shared/i18n';
import {
  bigint,
  check,
  boolean,
  json,
  jsonb,
  pgSequence,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cnic: text('cnic').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    fullName: text('full_name'),
    fatherName: text('father_name'),
    gender: text('gender', { enum: GENDERS }),
    dob: date('dob'),
    phoneNumber: text('phone_number'),
    homeAddress: text('home_address'),
    lastQualification: text('last_qualification'),
    province: text('province'),
    city: text('city'),
    haveLaptop: boolean('have_laptop'),
    imageKey: text('image_key'),
    rollNo: text('roll_no'),
    status: text('status', { enum: STUDENT_STATUSES }).notNull().default('Pending'),
    /** The rejection as the student read it before decision 0044, in English: the reason and the note. */
    rejectReason: text('reject_reason'),
    /** The reason picked (a key of the messages), shown in the student's language; null when none. */
    rejectReasonCode: text('reject_reason_code'),
    /** The reviewer's own words, as typed; null when none. */
    rejectReasonNote: text('reject_reason_note'),
    isProfileComplete: boolean('is_profile_complete').notNull().default(false),
    isDocumentUploaded: boolean('is_document_uploaded').notNull().default(false),
    isDocumentVerified: boolean('is_document_verified').notNull().default(false),
    onSiteAllowed: boolean('on_site_allowed').notNull().default(false),
    /** When the documents now waiting for review were sent: the review queue's order (oldest first). */
    documentsSubmittedAt: timestamp('documents_submitted_at', { withTimezone: true }),
    /** The language the student reads the portal in, and so the language of the portal's e-mails (decision 0029). */
    language: text('language', { enum: locales }).notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('students_cnic_key').on(table.cnic),
    uniqueIndex('students_email_key').on(table.email),
    uniqueIndex('students_roll_no_key').on(table.rollNo),
    // Staff search (decision 0020): the phone exactly, the newest first when listing; the name prefix
    // (lower(full_name) text_pattern_ops) and lower(email) indexes are hand-written in migration 0006.
    index('students_phone_idx').on(table.phoneNumber),
    index('students_created_idx').on(table.createdAt, table.id),
    index('students_review_queue_idx')
      .on(table.documentsSubmittedAt, table.id)
      .where(sql`${table.status} = 'Pending' and ${table.isDocumentUploaded}`),
  ],
);

/** Server-side sessions: the browser holds the token, the database only its keyed hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_student_idx').on(table.studentId),
  ],
);

/** Single-use e-mail tokens (verification and password reset), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_tokens_token_hash_key').on(table.tokenHash),
    index('email_tokens_student_idx').on(table.studentId, table.purpose),
  ],
);

/** Every e-mail is written here first, in the transaction that causes it; a sender delivers it later. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`sent_at is null`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    courseColor: text('course_color').notNull().default('#0b5394'),
  },
  (table) => [uniqueIndex('courses_code_key').on(table.code)],
);

export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    number: integer('number').notNull(),
    city: text('city').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    restricted: boolean('restricted').notNull().default(false),
  },
  (table) => [uniqueIndex('batches_name_city_key').on(table.name, table.city)],
);

export const batchCourses = pgTable(
  'batch_courses',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: COURSE_MODES }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.courseId] })],
);

/** Reference lists of spec section 3 (provinces and cities, qualifications, cancel reasons), as data. */
export const referenceItems = pgTable(
  'reference_items',
  {
    list: text('list').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    parent: text('parent').notNull().default(''),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.list, table.parent, table.value] })],
);

/** The three documents of a student (spec section 3), one stored image per type. */
export const studentDocuments = pgTable(
  'student_documents',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: DOCUMENT_TYPES }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.studentId, table.documentType] })],
);

/** Captcha solutions: verified once, then spent once by the call they protect. */
export const captchaSolutions = pgTable('captcha_solutions', {
  solutionHash: text('solution_hash').primaryKey(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  spentAt: timestamp('spent_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Stored files no row points to any more, removed by the storage sweeper (a replaced photo, say). */
export const orphanFiles = pgTable('orphan_files', {
  storageKey: text('storage_key').primaryKey(),
  orphanedAt: timestamp('orphaned_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Roll numbers: assigned once per student, from one sequence (docs/decisions/0008). */
export const rollNumberSequence = pgSequence('roll_number_seq', { startWith: 1, increment: 1 });

/** A student's registration in a course of a batch (the spec's "my course"). */
export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('APPLIED'),
    currentlyOnsite: boolean('currently_onsite').notNull(),
    currentQuarter: text('current_quarter').notNull().default('Q1'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One registration per student and batch: re-applying after a cancellation reuses the row.
    uniqueIndex('enrolments_student_batch_key').on(table.studentId, table.batchId),
    index('enrolments_batch_course_idx').on(table.batchId, table.courseId),
  ],
);

/** Special (restricted) batches: offered only to the students granted them. */
export const restrictedGrants = pgTable(
  'restricted_grants',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    onSiteAllowed: boolean('on_site_allowed').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.studentId, table.batchId, table.courseId] })],
);

/** Per-batch texts: the announcements group, the admit card message (staff HTML) and instructions. */
export const batchConfigs = pgTable('batch_configs', {
  batchId: uuid('batch_id')
    .primaryKey()
    .references(() => batches.id, { onDelete: 'cascade' }),
  androidLink: text('android_link').notNull().default(''),
  iosLink: text('ios_link').notNull().default(''),
  groupName: text('group_name').notNull().default(''),
  instructionsForMale: jsonb('instructions_for_male').$type<string[]>().notNull().default([]),
  instructionsForFemale: jsonb('instructions_for_female').$type<string[]>().notNull().default([]),
  admitCardMessage: text('admit_card_message'),
});

/** Quarter results of a registration (set by staff). */
export const quarterResults = pgTable(
  'quarter_results',
  {
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    quarter: text('quarter').notNull(),
    grade: text('grade').notNull(),
    percentile: integer('percentile').notNull(),
    isPassed: boolean('is_passed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.enrolmentId, table.quarter] })],
);

/** A centre, day and time of a quarter, with its seats: booked_seats moves only by conditional updates. */
export const timeSlots = pgTable(
  'time_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    quarter: text('quarter').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'both'] }).notNull(),
    name: text('name').notNull(),
    campus: text('campus').notNull(),
    city: text('city').notNull(),
    day: text('day').notNull(),
    time: text('time').notNull(),
    location: text('location').notNull().default(''),
    quarterFee: integer('quarter_fee').notNull(),
    year: integer('year').notNull(),
    totalSeats: integer('total_seats').notNull(),
    bookedSeats: integer('booked_seats').notNull().default(0),
  },
  (table) => [
    uniqueIndex('time_slots_natural_key').on(
      table.batchId,
      table.courseId,
      table.quarter,
      table.gender,
      table.name,
      table.campus,
      table.day,
      table.time,
    ),
    check('time_slots_seats', sql`${table.bookedSeats} >= 0 and ${table.bookedSeats} <= ${table.totalSeats}`),
  ],
);

/** The fee of an online quarter, per course and batch. */
export const onlineFees = pgTable(
  'online_fees',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    quarter: text('quarter').notNull(),
    fee: integer('fee').notNull(),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.courseId, table.quarter] })],
);

/** Fee vouchers. Voucher numbers are random 8-digit numbers (unguessable), unique by constraint. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherNo: text('voucher_no').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    quarter: text('quarter').notNull(),
    timeSlotId: uuid('time_slot_id').references(() => timeSlots.id),
    feeAmount: integer('fee_amount').notNull(),
    state: text('state', { enum: ['UNPAID', 'PAID', 'CANCELLED', 'EXPIRED'] })
      .notNull()
      .default('UNPAID'),
    createdAt: createdAt(),
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('vouchers_voucher_no_key').on(table.voucherNo),
    index('vouchers_student_idx').on(table.studentId, table.quarter),
    index('vouchers_slot_unpaid_idx')
      .on(table.timeSlotId)
      .where(sql`state = 'UNPAID'`),
  ],
);

/** Payments the aggregator reported: one per (consumer number, tran_auth_id, date, bank). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    consumerNumber: text('consumer_number').notNull(),
    tranAuthId: text('tran_auth_id').notNull(),
    tranDate: text('tran_date').notNull(),
    tranTime: text('tran_time').notNull(),
    bankMnemonic: text('bank_mnemonic').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    receivedAt: createdAt(),
    /** `biller`: a BillPayment notification; `staff`: marked paid from the settlement (decision 0026). */
    source: text('source', { enum: ['biller', 'staff'] })
      .notNull()
      .default('biller'),
  },
  (table) => [
    uniqueIndex('payments_transaction_key').on(
      table.consumerNumber,
      table.tranAuthId,
      table.tranDate,
      table.bankMnemonic,
    ),
    index('payments_voucher_idx').on(table.voucherId),
    // The date's payments in the order reconciliation pages them (decision 0039), and the date ranges.
    index('payments_tran_date_consumer_idx').on(table.tranDate, table.consumerNumber, table.id),
  ],
);

/** Every biller call as received and answered, for audit (credentials are never stored). */
export const billerNotifications = pgTable(
  'biller_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['inquiry', 'payment'] }).notNull(),
    consumerNumber: text('consumer_number'),
    request: jsonb('request').notNull(),
    responseCode: text('response_code').notNull(),
    response: jsonb('response').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The staff log lists newest first, and by consumer number.
  (table) => [
    index('biller_notifications_received_idx').on(table.receivedAt),
    index('biller_notifications_consumer_idx').on(table.consumerNumber, table.receivedAt),
  ],
);

/**
 * A settlement file's reconciliation as staff saw it (decision 0026): kept so that the report can be
 * downloaded and paged later, and so that who reconciled what, when, is on record. Its entries are rows of
 * `reconciliation_entries`, written batch by batch as the file is read (decision 0039): a 220,000-row file
 * is never held whole in memory.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    staffLabel: text('staff_label').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
    rows: integer('rows').notNull(),
    /** The lists' lengths. */
    matched: integer('matched').notNull().default(0),
    paidOnlyInSettlement: integer('paid_only_in_settlement').notNull().default(0),
    paidOnlyInPortal: integer('paid_only_in_portal').notNull().default(0),
    amountMismatch: integer('amount_mismatch').notNull().default(0),
    /** The file's rows refused one by one, each listed with its reason (decision 0051). */
    refused: integer('refused').notNull().default(0),
    /**
     * When the whole file had been read and every entry written; null while it is being written (a report
     * left unfinished by a refused file is deleted at once, one left by a crash by housekeeping).
     */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Before decision 0039, the four lists as one JSON text. Migration 0009 copied them into
     * `reconciliation_entries`; this release never writes it, and adopts a report the release before wrote
     * during a rolling upgrade when it is first read. The release after drops it (decision 0038).
     */
    lists: text('lists'),
  },
  (table) => [index('reconciliation_reports_created_idx').on(table.createdAt)],
);

/** One entry of a report's list, in the list's order: its JSON as the answer gives it. */
export const reconciliationEntries = pgTable(
  'reconciliation_entries',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reconciliationReports.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    position: integer('position').notNull(),
    /**
     * A settlement row's `consumer number|tran_auth_id` (null for a payment only the portal has): a repeat
     * in the file is found through it, and the portal's payments the file holds are told apart by it.
     */
    settlementKey: text('settlement_key'),
    /** `json`, not `jsonb`: kept and answered as written. */
    entry: json('entry').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.reportId, table.list, table.position] }),
    uniqueIndex('reconciliation_entries_settlement_key').on(table.reportId, table.settlementKey),
  ],
);

export const paymentBranches = pgTable(
  'payment_branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchName: text('branch_name').notNull(),
    contactNo: text('contact_no').notNull(),
    branchAddress: text('branch_address').notNull(),
    city: text('city').notNull(),
    location: text('location').notNull().default(''),
  },
  (table) => [uniqueIndex('payment_branches_name_city_key').on(table.branchName, table.city)],
);

// ----- Learning content (spec sections 2, 3 and 7) -----
// Links, books and sections are scoped by course, by batch NUMBER (0 = every batch: the spec's tables are per
// batch number across cities) and by quarter ('' = every quarter for links).

/** The spec's static per-course, per-batch, per-quarter link tables, kept as data (docs/catalogue.md). */
export const courseLinks = pgTable(
  'course_links',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    batchNumber: integer('batch_number').notNull().default(0),
    quarter: text('quarter').notNull().default(''),
    kind: text('kind', { enum: COURSE_LINK_KINDS }).notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.batchNumber, table.quarter, table.kind] })],
);

/** Reading books per course and quarter (the spec's reading-book lists). */
export const textbooks = pgTable(
  'textbooks',
  {
    /** The console's handle on a book (the natural key below includes its editable title). */
    id: uuid('id').notNull().defaultRandom().unique(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    batchNumber: integer('batch_number').notNull().default(0),
    quarter: text('quarter').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    cover: text('cover').notNull().default(''),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.batchNumber, table.quarter, table.title] })],
);

/** Course sections of a quarter; ids stay stable across imports so that video progress survives. */
export const courseSections = pgTable(
  'course_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    batchNumber: integer('batch_number').notNull().default(0),
    quarter: text('quarter').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    uniqueIndex('course_sections_natural_key').on(
      table.courseId,
      table.batchNumber,
      table.quarter,
      table.title,
    ),
  ],
);

/** Lessons of a section; the description is staff HTML, sanitised whenever it is shown. */
export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('lessons_natural_key').on(table.sectionId, table.title)],
);

/** The videos of a lesson, in sequence. */
export const lessonTopics = pgTable(
  'lesson_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    videoUrl: text('video_url').notNull(),
    sequence: integer('sequence').notNull(),
  },
  (table) => [uniqueIndex('lesson_topics_natural_key').on(table.lessonId, table.sequence)],
);

/**
 * Lecture videos uploaded through the console (tus, decision 0024). `storage_key` is the tus upload id: the file
 * is DATA_DIR/videos/<key> or the S3 object <key>. Topics address one as `/media/videos/<id>`.
 */
export const videos = pgTable('videos', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  contentType: text('content_type').notNull(),
  uploaderId: uuid('uploader_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where each student stopped in each video, so that any device resumes there (beyond the spec). */
export const videoProgress = pgTable(
  'video_progress',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => lessonTopics.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    completed: boolean('completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.studentId, table.topicId] })],
);

/** Exam keys per quiz, for one batch (in one city) and course. */
export const examKeys = pgTable(
  'exam_keys',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    quizName: text('quiz_name').notNull(),
    examKey: text('exam_key').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.courseId, table.quizName] })],
);

/**
 * Announcements, newest first, a page at a time: for every student, or for an audience (decision 0050), each
 * `audience_*` column given narrowing it. The batch is a plain id, not a reference: a batch deleted later
 * leaves its announcement reaching no one, where a reference set to null would widen it to everyone.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** The Urdu texts, shown to students who read the portal in Urdu; both or neither. */
    titleUr: text('title_ur'),
    descriptionUr: text('description_ur'),
    audienceBatchId: uuid('audience_batch_id'),
    audienceCourse: text('audience_course'),
    audienceStatus: text('audience_status', { enum: ENROLMENT_STATUSES }),
    audienceCity: text('audience_city'),
    /** How many students it was e-mailed to, when staff asked for it; null when it was not e-mailed. */
    emailedTo: integer('emailed_to'),
  },
  (table) => [
    uniqueIndex('announcements_natural_key').on(table.title, table.publishedAt),
    index('announcements_published_idx').on(table.publishedAt, table.id),
  ],
);

/** Staff accounts (API.md "Staff API"): invited, then active once password and TOTP are set up. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('invited'),
    passwordHash: text('password_hash'),
    /** The TOTP secret, sealed with a key derived from the server secret (never in clear at rest). */
    totpSecret: text('totp_secret'),
    /** The time step of the last accepted code: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_accounts_email_key').on(table.email)],
);

/** One-time set-up links, stored hashed; spent when the account is confirmed. */
export const staffSetupTokens = pgTable(
  'staff_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** The TOTP secret offered at set-up (sealed), kept until the first code confirms it. */
    pendingTotpSecret: text('pending_totp_secret'),
    pendingPasswordHash: text('pending_password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('staff_setup_tokens_staff_idx').on(table.staffId)],
);

/** Staff sessions: the cookie holds the token, the database its keyed hash. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('staff_sessions_token_hash_key').on(table.tokenHash),
    index('staff_sessions_staff_idx').on(table.staffId),
  ],
);

/**
 * The audit log: one row per change, written in the change's transaction. Append-only: a trigger refuses
 * UPDATE and DELETE (migration 0005), so not even a bug in the app can rewrite it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actor: text('actor').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    subjectId: uuid('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
  },
  (table) => [
    index('audit_log_subject_idx').on(table.subjectId, table.id),
    index('audit_log_actor_idx').on(table.actor, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
  ],
);

/** Review holds: the student a reviewer has open, for REVIEW_HOLD_MINUTES (one reviewer per student). */
export const reviewHolds = pgTable('review_holds', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
});

/**
 * A staff CSV import as it was read (decision 0042): the file's rows are kept here as they stream in, so
 * that preview and apply work through them in batches with flat memory, and the answer carries the counts
 * and the first rows while the rest are paged. Kept a day for its author to page; what an apply changed is
 * in the audit log, not here.
 */
export const importReports = pgTable(
  'import_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** `enrolments`, `results`, `grants` or `exam-keys`. */
    kind: text('kind').notNull(),
    /** `preview` or `apply`: the mode field may follow the file, so it is recorded when the rows are done. */
    mode: text('mode').notNull().default('preview'),
    createdAt: createdAt(),
    /** When every row had its outcome; null while the file is being read or worked through. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    changes: integer('changes').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
  },
  (table) => [index('import_reports_created_idx').on(table.createdAt)],
);

/** One row of an import's file, in the file's order, with what happened (or would happen) to it. */
export const importRows = pgTable(
  'import_rows',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => importReports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    line: integer('line').notNull(),
    /** What the row names: a roll number, an e-mail or CNIC, a quiz. */
    label: text('label').notNull(),
    /** `pending` until the row is worked through; then `change`, `unchanged` or `refused`. */
    outcome: text('outcome').notNull(),
    detail: text('detail').notNull().default(''),
    /** The row's values as read, for the rows still to be worked through (null for a refused cell). */
    item: json('item'),
  },
  (table) => [
    primaryKey({ columns: [table.reportId, table.position] }),
    index('import_rows_outcome_idx').on(table.reportId, table.outcome, table.position),
  ],
);
