import {
  availableCoursesAddress,
  courseLinksAddress,
  myCoursesAddress,
  publicSettingsAddress,
  quarterResultAddress,
  quarterStatusesAddress,
  restrictedBatchesAddress,
  studentInfoAddress,
  studentVouchersAddress,
} from '@portal/shared/calls/addresses';
import type { Method } from '@portal/shared/calls/call';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { isFormBody, readResponse, requestInit, type ReadAnswer } from './request-init';
import { readStoredSession } from './stored-session';

type EarlyCall = [address: { method: Method; path: string }, body: unknown];

/** What the shell around every signed-in page asks: the helpline's settings, the course's links. */
const shellCalls = (student: SessionStudent): EarlyCall[] => [
  [publicSettingsAddress, undefined],
  ...(student.course ? ([[courseLinksAddress, {}]] as EarlyCall[]) : []),
];

/**
 * The calls each page makes as it opens, with the bodies its code sends (the same keys in the same order: a
 * call asked differently is asked again, and `early-calls.test.tsx` fails). A page whose gate sends the
 * student elsewhere (no registration yet) starts nothing.
 */
const pageCalls = {
  '/courses': (student) => [
    [studentInfoAddress, {}],
    [myCoursesAddress, { studentId: student._id }],
    [availableCoursesAddress, {}],
    [restrictedBatchesAddress, { studentId: student._id }],
  ],
  '/payment': (student) =>
    student.rollNo && student.course && student.batchId && student.courseId
      ? [
          [
            quarterStatusesAddress,
            {
              data: {
                batch: student.batch ?? '',
                cityOfStudy: student.cityOfStudy ?? '',
                course: student.course,
                rollNo: student.rollNo,
                ...(student.currentQuarter ? { currentQuarter: student.currentQuarter } : {}),
              },
            },
          ],
          [restrictedBatchesAddress, { studentId: student._id }],
          [myCoursesAddress, { studentId: student._id }],
        ]
      : [],
  '/home': (student) => {
    if (!student.course) return [];
    const owner = { rollNo: student.rollNo ?? '', batch: student.batch ?? '', course: student.course };
    return [
      [studentVouchersAddress, { data: owner }],
      [quarterResultAddress, owner],
    ];
  },
} satisfies Record<string, (student: SessionStudent) => EarlyCall[]>;

/** A page that starts its calls early: app/early-downloads.ts starts the code of the same pages. */
export type EarlyPage = keyof typeof pageCalls;

/** Whether the page at `pathname` starts its calls (and its code) early. */
export function isEarlyPage(pathname: string): pathname is EarlyPage {
  return Object.hasOwn(pageCalls, pathname);
}

/**
 * The calls started early, by what they ask (method, path, body, token), each as its answer read (status and
 * JSON): the page's own call, when its code has loaded, reads that answer instead of asking again
 * (lib/api-client.ts, `send`), and a page's first render shows an answer that has already arrived
 * (`arrivedEarly`, lib/call-api.ts). Each is read once, and forgotten unread after 10 s.
 */
const early = new Map<string, EarlyAnswer>();

/** An early call's answer, and once it has come, the answer itself. */
interface EarlyAnswer {
  answer: Promise<ReadAnswer>;
  arrived?: ReadAnswer;
}

function earlyKey(method: Method, path: string, body: unknown, headers: Record<string, string>): string {
  return JSON.stringify([method, path, body ?? null, headers.Authorization ?? '']);
}

/**
 * Opened by its address (a bookmark, a reload, a link in an e-mail), /courses, /payment and /home start their
 * calls at once, in parallel with their code, instead of after it has loaded and run (issue 27: on a slow
 * phone the code takes seconds). The boot script does this (src/boot.ts), before React has arrived. The pages
 * make their calls as always and read these answers.
 */
export function startEarlyCalls(pathname: string): void {
  const { student } = readStoredSession();
  if (!student || !isEarlyPage(pathname)) return;
  const calls = pageCalls[pathname];
  const headers = { Authorization: `Bearer ${student.databaseToken}` };
  for (const [{ method, path }, body] of [...shellCalls(student), ...calls(student)]) {
    const key = earlyKey(method, path, body, headers);
    if (early.has(key)) continue;
    const entry: EarlyAnswer = {
      answer: fetch(path, requestInit(method, body, headers)).then(readResponse),
    };
    entry.answer.then(
      (read) => {
        entry.arrived = read;
      },
      () => undefined, // unread, a failure is nobody's; read, the page asks again (send)
    );
    early.set(key, entry);
    setTimeout(() => early.delete(key), 10_000);
  }
}

/** The answer started early for this call, taken (read once); none for a form, nor once all are read. */
export function takeEarly(
  method: Method,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<ReadAnswer> | undefined {
  if (early.size === 0 || isFormBody(body)) return undefined;
  const key = earlyKey(method, path, body, headers);
  const started = early.get(key);
  early.delete(key);
  return started?.answer;
}

/**
 * The answer started early for this call when it has already arrived, left in place: the caller takes it
 * (`takeEarly`) if it uses it.
 */
export function arrivedEarly(
  method: Method,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): ReadAnswer | undefined {
  if (early.size === 0 || isFormBody(body)) return undefined;
  return early.get(earlyKey(method, path, body, headers))?.arrived;
}

/** The early calls no page has read yet, for the tests that keep the early calls true. */
export function unreadEarlyCalls(): string[] {
  return [...early.keys()];
}

/** Settles once every early call has its answer (or has failed), for the tests. */
export async function earlyCallsSettled(): Promise<void> {
  await Promise.allSettled([...early.values()].map((entry) => entry.answer));
}

/** Forgets the early calls no page has read (between tests). */
export function forgetEarlyCalls(): void {
  early.clear();
}
