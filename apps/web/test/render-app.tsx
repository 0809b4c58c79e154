import type { LoginRequest, SignupRequest } from '@portal/shared/schemas/auth';
import type { Envelope } from '@portal/shared/schemas/envelope';
import type { PublicSettings } from '@portal/shared/schemas/settings';
import type { LoginAnswer, SessionStudent } from '@portal/shared/schemas/student';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { afterEach, vi } from 'vitest';
import { routes } from '../src/app/routes';
import { queryClient } from '../src/lib/query-client';
import { reloadSession, startSession } from '../src/lib/session';

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
}
type Path = keyof ApiCalls;

/** A refusal as API.md describes it; `err` is the sign-up's "something went wrong" flag. */
type Failure = Envelope & { success: false; message: string; err?: unknown };
const offlineReply = Symbol('offline');
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

/** Replaces fetch with the given handlers; returns the requests it received, in order. */
export function mockApi(handlers: ApiHandlers): ApiRequest[] {
  const requests: ApiRequest[] = [];
  const all: ApiHandlers = { '/public/settings': () => ok(settings), ...handlers };
  // The app's one HTTP client always calls fetch(path, init).
  const fetchMock = vi.fn(async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ path, method: init.method ?? 'GET', body, headers });
    const handler = all[path as Path] as
      ((body: unknown, headers: Headers) => Reply<unknown> | Promise<Reply<unknown>>) | undefined;
    if (!handler) {
      unhandled.push(path);
      throw new TypeError('Failed to fetch');
    }
    const reply = await handler(body, headers);
    if (reply === offlineReply) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.json), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
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
  /** For tests with fake timers: lets user-event advance them. */
  advanceTimers?: (ms: number) => void;
}

/** Renders the real route tree at `entry`, in StrictMode as main.tsx does, with fetch replaced. */
export function renderApp(entry: InitialEntry, options: RenderAppOptions = {}) {
  reloadSession();
  if (options.student) startSession({ studentData: options.student, routes: ['/courses'] });
  const requests = mockApi(options.api ?? {});
  queryClient.clear(); // the tab's one client: no answers carried over from the previous test
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { ...view, router, requests, user };
}
