import type { LoginRequest, SignupRequest } from '@portal/shared/schemas/auth';
import type { Envelope } from '@portal/shared/schemas/envelope';
import type {
  ApplyCourseAnswer,
  AvailableCoursesAnswer,
  BatchConfigAnswer,
  CancelCourseAnswer,
  MyCoursesAnswer,
  RestrictedBatchesAnswer,
} from '@portal/shared/schemas/course-answers';
import type { ApplyCourseRequest, CancelCourseRequest } from '@portal/shared/schemas/courses';
import type {
  BranchesAnswer,
  QuarterStatusesAnswer,
  TimeSlotAnswer,
  TimeSlotsAnswer,
  VoucherAnswer,
  VouchersAnswer,
} from '@portal/shared/schemas/fee-answers';
import type {
  announcementsAnswerSchema,
  courseLinksAnswerSchema,
  examKeysAnswerSchema,
  quarterResultAnswerSchema,
} from '@portal/shared/schemas/learning';
import type { CaptchaChallenge, ReferenceLists } from '@portal/shared/schemas/profile';
import type { PublicSettings } from '@portal/shared/schemas/settings';
import type { LoginAnswer, SessionStudent, Student } from '@portal/shared/schemas/student';
import { render } from '@testing-library/react';
import { fakeXhr, offlineReply } from './fake-xhr';
import { testRouter } from './memory-router';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { InitialEntry } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { z } from '@portal/shared/schemas/zod';
import { StudentRoutes } from '@/app/routes';
import { earlyCallsSettled, forgetEarlyCalls, startEarlyCalls } from '@/lib/early-calls';
import { queryClient } from '@/lib/query-client';
import { getSession, reloadSession, startSession } from '@/lib/session';

/** The calls of API.md the web app makes, with request and answer types from packages/shared. */
export interface ApiCalls {
  '/auth/login': [LoginRequest, LoginAnswer];
  '/auth/signup': [SignupRequest, Envelope];
  '/auth/verifyemail': [{ emailVerificationToken: string }, Envelope];
  '/public/resendVerificationEmail': [{ email: string }, Envelope];
  '/forgetpassword': [{ email: string }, Envelope];
  '/forgetpassword/newpassword': [{ token: string; password: string }, Envelope];
  '/studentapi/changepassword': [{ data: { oldPassword: string; newPassword: string } }, Envelope];
  '/studentAuth/logout': [{ _id: string }, Envelope];
  '/public/settings': [undefined, PublicSettings];
  '/public/reference-lists': [undefined, ReferenceLists];
  '/captcha/challenge': [undefined, CaptchaChallenge];
  '/captcha/verify': [{ recaptchaToken: string }, Envelope];
  '/studentapi/getinfo': [Record<string, never>, Envelope & { studentData: Student }];
  /** Multipart (sent with XMLHttpRequest): the handler receives the FormData. */
  '/studentapi/updateprofile': [FormData, StudentAnswer];
  '/studentapi/uploaddocuments': [FormData, StudentAnswer];
  '/studentapi/getcourse/availableCourses': [Record<string, never>, AvailableCoursesAnswer];
  '/studentapi/restrictedbatches': [{ studentId: string }, RestrictedBatchesAnswer];
  '/studentapi/getcourse/myCourses': [{ studentId: string }, MyCoursesAnswer];
  '/studentapi/applyCourse': [ApplyCourseRequest, ApplyCourseAnswer];
  '/studentapi/cancelCourse': [CancelCourseRequest, CancelCourseAnswer];
  '/public/batchconfig': [{ batchId: string }, BatchConfigAnswer];
  '/studentapi/getcenterandtime/forquarterchecking': [
    { data: { batch: string; cityOfStudy: string; course: string; rollNo: string; currentQuarter?: string } },
    QuarterStatusesAnswer,
  ];
  '/studentapi/getcenterandtime/bydata': [
    { data: { course: string; batch: string; cityOfStudy: string; gender: string; quarter: string } },
    TimeSlotsAnswer,
  ];
  '/studentapi/getcenterandtime/byid': [{ data: { timeSlotId: string } }, TimeSlotAnswer];
  '/studentapi/generatevoucher/onSite': [{ data: Record<string, string> }, VoucherAnswer];
  '/studentapi/generatevoucher/online': [{ data: Record<string, string> }, VoucherAnswer];
  '/studentapi/cancelvoucher': [
    { studentId: string; voucherId: string; timeslotId: string | null },
    Envelope,
  ];
  '/studentapi/studentVoucher': [{ data: { rollNo: string; batch: string; course: string } }, VouchersAnswer];
  '/studentapi/studentVoucher/getpaidvouchers': [{ data: { studentId: string } }, VouchersAnswer];
  '/studentapi/paymentbranches': [{ data: { city: string } }, BranchesAnswer];
  '/studentapi/courselinks': [Record<string, never>, z.infer<typeof courseLinksAnswerSchema>];
  '/studentapi/getQuarterResult': [
    { rollNo: string; batch: string; course: string },
    z.infer<typeof quarterResultAnswerSchema>,
  ];
  '/studentapi/examkeys': [{ batch: string; course: string }, z.infer<typeof examKeysAnswerSchema>];
  '/studentapi/announcements': [{ pageNo: number }, z.infer<typeof announcementsAnswerSchema>];
}
export interface StudentAnswer extends Envelope {
  message: string;
  data: Student;
}
type Path = keyof ApiCalls;

/** A refusal as API.md describes it; `err` is the sign-up's "something went wrong" flag. */
type Failure = Envelope & { success: false; message: string; err?: unknown };
type Reply<Answer> = { status: number; json: Answer | Failure } | typeof offlineReply;
type Handler<P extends Path> = (
  body: ApiCalls[P][0],
  headers: Headers,
) => Reply<ApiCalls[P][1]> | Promise<Reply<ApiCalls[P][1]>>;
export type ApiHandlers = { [P in Path]?: Handler<P> };

export function ok<Answer>(json: Answer): Reply<Answer> {
  return { status: 200, json };
}

export function fail(status: number, message: string, extra: Partial<Failure> = {}): Reply<never> {
  return { status, json: { success: false, message, ...extra } };
}

/** The request never gets an answer (fetch rejects, as when the device is offline). */
export function offline(): Reply<never> {
  return offlineReply;
}

export const settings: PublicSettings = {
  helplineNumber: '021-111-222-333',
  supportEmail: 'support@example.org',
  howItWorksUrl: 'https://example.org/how-it-works',
  mapOrigins: [],
};

export interface ApiRequest {
  path: string;
  method: string;
  body: unknown;
  headers: Headers;
}

let unhandled: string[] = [];
afterEach(() => {
  const calls = unhandled;
  unhandled = [];
  if (calls.length > 0) throw new Error(`The test did not expect these API calls: ${calls.join(', ')}`);
});

/** The reference lists as the server serves them (spec section 3; ict has Islamabad only). */
export const referenceLists: ReferenceLists = {
  provinces: [
    { value: 'sindh', label: 'Sindh', cities: ['Karachi', 'Hyderabad', 'Sukkur'] },
    { value: 'punjab', label: 'Punjab', cities: ['Lahore', 'Faisalabad', 'Multan'] },
    { value: 'blochistan', label: 'Balochistan', cities: ['Quetta', 'Gwadar'] },
    { value: 'kpk', label: 'Khyber Pakhtunkhwa', cities: ['Peshawar', 'Abbottabad'] },
    { value: 'ict', label: 'Islamabad Capital Territory', cities: ['Islamabad'] },
  ],
  qualifications: [
    'Matric',
    'O Levels',
    'Intermediate',
    'A Levels',
    'Undergraduate',
    'Graduate',
    'Post-Graduate',
  ],
  cancelReasons: [
    { value: 'cannot attend classes in this city', label: 'Cannot attend classes in this city' },
    { value: 'other', label: 'Other' },
  ],
};

/** The Student of an answer: the stored student without its session fields. */
export function withoutSession(student: SessionStudent): Student {
  const { databaseToken: _token, tokenId: _tokenId, ...rest } = student;
  return rest;
}

type AnyHandler = (body: unknown, headers: Headers) => Reply<unknown> | Promise<Reply<unknown>>;

/**
 * Replaces fetch — and XMLHttpRequest, which the app uses only for multipart uploads — with the given
 * handlers; returns the requests they received, in order.
 */
export function mockApi(handlers: ApiHandlers): ApiRequest[] {
  const requests: ApiRequest[] = [];
  const all: ApiHandlers = {
    '/public/settings': () => ok(settings),
    '/public/reference-lists': () => ok(referenceLists),
    // The server knows the student as the session stores it, unless a test says otherwise.
    '/studentapi/getinfo': () => {
      const student = getSession().student;
      return student
        ? ok({ success: true, studentData: withoutSession(student) })
        : fail(401, 'Authentication Expired, Login Again');
    },
    // /courses, where onboarding ends, reads these: a student with nothing open and nothing applied.
    '/studentapi/getcourse/availableCourses': () => ok({ success: true, data: [] }),
    '/studentapi/restrictedbatches': () => ok({ success: true, message: 'ok', allowedBatches: [] }),
    '/studentapi/getcourse/myCourses': () => ok({ success: true, data: [] }),
    // The fee screens: every quarter locked, no vouchers, no branches.
    '/studentapi/getcenterandtime/forquarterchecking': () =>
      ok({
        success: true,
        data: (['Q1', 'Q2', 'Q3', 'Q4', 'Q5'] as const).map((quarter) => ({
          quarter,
          status: 'Locked' as const,
        })),
      }),
    '/studentapi/studentVoucher': () => ok({ success: true, message: 'ok', data: [] }),
    '/studentapi/studentVoucher/getpaidvouchers': () => ok({ success: true, message: 'ok', data: [] }),
    '/studentapi/paymentbranches': () => ok({ success: true, message: 'ok', data: [] }),
    // The learning screens: nothing paid (the shell shows neither Text Books nor Exam), no results, no
    // exam keys, no announcements.
    '/studentapi/courselinks': () => {
      const student = getSession().student;
      return ok({
        success: true,
        message: 'ok',
        data: {
          course: student?.course ?? '',
          batch: student?.batch ?? '',
          quarter: 'Q1' as const,
          paid: false,
          admitted: true,
          links: {},
          textbooks: [],
          showTextbooks: false,
          showExam: false,
        },
      });
    },
    '/studentapi/getQuarterResult': () => ok({ success: true, message: 'ok', result: [] }),
    '/studentapi/examkeys': () => ok({ success: true, message: 'ok', data: [] }),
    '/studentapi/announcements': () => ok({ success: true, message: 'ok', data: [], nextPageNo: '' }),
    ...handlers,
  };

  async function answer(path: string, method: string, body: unknown, headers: Headers) {
    requests.push({ path, method, body, headers });
    const handler = all[path as Path] as AnyHandler | undefined;
    if (!handler) {
      unhandled.push(path);
      return offlineReply;
    }
    return handler(body, headers);
  }

  // The app's one HTTP client always calls fetch(path, init).
  const fetchMock = vi.fn(async (path: string, init: RequestInit = {}) => {
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = await answer(path, init.method ?? 'GET', body, new Headers(init.headers));
    if (reply === offlineReply) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.json), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhr(answer));
  return requests;
}

/** The requests to one path. */
export function requestsTo(requests: ApiRequest[], path: Path): ApiRequest[] {
  return requests.filter((request) => request.path === path);
}

export function makeStudent(overrides: Partial<SessionStudent> = {}): SessionStudent {
  return {
    _id: 'student-1',
    cnic: '4210112345671',
    email: 'ayesha@example.org',
    fullName: 'Ayesha Khan',
    fatherName: 'Imran Khan',
    gender: 'female',
    dob: '2000-01-01',
    phoneNumber: '03001234567',
    homeAddress: 'House 1, Street 2, Karachi',
    lastQualification: 'Intermediate',
    province: 'sindh',
    city: 'Karachi',
    cityOfStudy: 'Karachi',
    haveLaptop: true,
    imageUrl: null,
    rollNo: 'AIC-001',
    batch: 'Batch 12',
    batchId: 'batch-12',
    course: 'AIC',
    courseId: 'course-aic',
    currentQuarter: 'Q1',
    isProfileComplete: true,
    isDocumentUploaded: true,
    isDocumentVerified: false,
    rejectreason: null,
    rejectReasonCode: null,
    rejectReasonNote: null,
    status: 'Pending',
    documents: [],
    onSiteAllowed: false,
    canEditProfile: true,
    databaseToken: 'token-of-ayesha',
    tokenId: '0b7c4f0e-1b2a-4c4d-9e8f-5a6b7c8d9e0f',
    ...overrides,
  };
}

export function loginAnswer(student: SessionStudent = makeStudent()): LoginAnswer {
  return { success: true, message: 'Logged in', studentData: student, routes: ['/courses', '/profile'] };
}

interface RenderAppOptions {
  /** A stored session, as if the student had logged in earlier in this tab. */
  student?: SessionStudent;
  api?: ApiHandlers;
  /** Starts the page's early calls as the boot script does for a page opened by its address (lib/early-calls.ts). */
  early?: boolean;
  /** For tests with fake timers: lets user-event advance them. */
  advanceTimers?: (ms: number) => void;
}

/** Renders the real route tree at `entry`, in StrictMode as main.tsx does, with fetch replaced. */
export function renderApp(entry: InitialEntry, options: RenderAppOptions = {}) {
  const requests = prepareApp(entry, options);
  return { ...drawApp(entry, options), requests };
}

/**
 * As renderApp with `early`, once the early calls' answers have arrived: as on a phone, where they come before
 * the page's code.
 */
export async function renderAppAfterEarlyAnswers(
  entry: string,
  options: Omit<RenderAppOptions, 'early'> = {},
) {
  const requests = prepareApp(entry, { ...options, early: true });
  await earlyCallsSettled();
  return { ...drawApp(entry, options), requests };
}

function prepareApp(entry: InitialEntry, options: RenderAppOptions): ApiRequest[] {
  reloadSession();
  if (options.student) startSession({ studentData: options.student, routes: ['/courses'] });
  const requests = mockApi(options.api ?? {});
  queryClient.clear(); // the tab's one client: no answers carried over from the previous test
  forgetEarlyCalls();
  if (options.early && typeof entry === 'string') startEarlyCalls(entry);
  return requests;
}

function drawApp(entry: InitialEntry, options: RenderAppOptions) {
  const { router, Router } = testRouter(entry);
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(
    <StrictMode>
      <Router>
        <StudentRoutes />
      </Router>
    </StrictMode>,
  );
  return { ...view, router, user };
}
