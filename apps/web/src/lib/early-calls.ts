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
import { startEarly } from './api-client';
import { getSession } from './session';

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
const pageCalls: Record<string, (student: SessionStudent) => EarlyCall[]> = {
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
};

/**
 * Opened by its address (a bookmark, a reload, a link in an e-mail), /courses, /payment and /home start their
 * calls at once, in parallel with their code, instead of after it has loaded and run (issue 27: on a slow
 * phone the code takes seconds). The pages make their calls as always and read these answers.
 */
export function startEarlyCalls(pathname: string): void {
  const student = getSession().student;
  const calls = pageCalls[pathname];
  if (!student?.databaseToken || !calls) return;
  for (const [address, body] of [...shellCalls(student), ...calls(student)]) {
    startEarly(address.method, address.path, body);
  }
}
