import type { Voucher } from '@portal/shared/schemas/fees';
import type {
  Announcement,
  announcementsAnswerSchema,
  CourseLinks,
  courseLinksAnswerSchema,
  ExamKey,
  examKeysAnswerSchema,
  QuarterResult,
  quarterResultAnswerSchema,
} from '@portal/shared/schemas/learning';
import type { z } from '@portal/shared/schemas/zod';
import { ok, type ApiHandlers, type fail } from '@test/render-app';

/*
 * Test data of the learning screens, shaped as the server sends it, and the fake answers of the learning
 * calls. test/render-app's ApiCalls does not list these calls (yet), so they are typed here and handed
 * over as ApiHandlers.
 */

type Reply<Answer> = ReturnType<typeof ok<Answer>> | ReturnType<typeof fail>;
type Handler<Body, Answer> = (body: Body) => Reply<Answer> | Promise<Reply<Answer>>;

export interface LearningHandlers {
  '/studentapi/courselinks'?: Handler<Record<string, never>, z.infer<typeof courseLinksAnswerSchema>>;
  '/studentapi/getQuarterResult'?: Handler<
    { rollNo: string; batch: string; course: string },
    z.infer<typeof quarterResultAnswerSchema>
  >;
  '/studentapi/examkeys'?: Handler<{ batch: string; course: string }, z.infer<typeof examKeysAnswerSchema>>;
  '/studentapi/announcements'?: Handler<{ pageNo: number }, z.infer<typeof announcementsAnswerSchema>>;
}

/** The learning calls answered as for a student who has paid nothing yet, plus `handlers` (any call). */
export function learningApi(handlers: LearningHandlers & ApiHandlers = {}): ApiHandlers {
  const all: LearningHandlers = {
    '/studentapi/courselinks': () => linksAnswer(),
    '/studentapi/getQuarterResult': () => ok({ success: true, message: 'ok', result: [] }),
    '/studentapi/examkeys': () => ok({ success: true, message: 'ok', data: [] }),
    '/studentapi/announcements': () => ok({ success: true, message: 'ok', data: [], nextPageNo: '' }),
    ...handlers,
  };
  return all;
}

export function courseLinks(overrides: Partial<CourseLinks> = {}): CourseLinks {
  return {
    course: 'AIC',
    batch: 'Batch 12',
    quarter: 'Q1',
    paid: false,
    admitted: true,
    links: {
      socialGroup: { title: 'Social group', url: 'https://social.example.org/aic-12' },
      messagingGroup: { title: 'Messaging group', url: 'https://messaging.example.org/aic-12' },
      courseCatalogue: { title: 'Course catalogue', url: 'https://example.org/catalogue.pdf' },
    },
    textbooks: [],
    showTextbooks: false,
    showExam: false,
    ...overrides,
  };
}

/** The links of a student who paid Q2: community chat and syllabus join, text books and exam show. */
export function paidLinks(overrides: Partial<CourseLinks> = {}): CourseLinks {
  const unpaid = courseLinks();
  return courseLinks({
    quarter: 'Q2',
    paid: true,
    links: {
      communityChat: { title: 'Community chat channel', url: 'https://chat.example.org/aic-12' },
      syllabus: { title: 'Syllabus', url: 'https://example.org/aic-syllabus.pdf' },
      ...unpaid.links,
      quizConfigWindows: { title: 'Quiz configuration for Windows', url: 'https://example.org/quiz-win.seb' },
      quizConfigMac: { title: 'Quiz configuration for Mac', url: 'https://example.org/quiz-mac.seb' },
    },
    showTextbooks: true,
    showExam: true,
    ...overrides,
  });
}

export function linksAnswer(data: CourseLinks = courseLinks()) {
  return ok({ success: true, message: 'ok', data });
}

export function result(overrides: Partial<QuarterResult> = {}): QuarterResult {
  return { quarter: 'Q1', grade: 'A', percentile: 91, isPassed: true, ...overrides };
}

export function examKey(quizName: string, key: string): ExamKey {
  return { quizName, examKey: key };
}

export function announcement(n: number, overrides: Partial<Announcement> = {}): Announcement {
  return {
    _id: `announcement-${n}`,
    title: `Announcement ${n}`,
    createdDate: '2026-11-21T09:00:00.000Z',
    desc: `Details of announcement ${n}`,
    url: '',
    ...overrides,
  };
}

export function voucher(overrides: Partial<Voucher> = {}): Voucher {
  return {
    _id: 'voucher-1',
    quarter: 'Q1',
    course: 'AIC',
    batch: 'Batch 12',
    rollNo: 'AIC-001',
    studentId: 'student-1',
    timeslotId: null,
    feeAmount: 1500,
    fee_voucher_no: '10000001',
    consumerNumber: '7315010000001',
    paid: false,
    valid: true,
    paymentDeadline: '2026-12-01T00:00:00.000Z',
    createDate: '2026-11-24T00:00:00.000Z',
    paidDate: null,
    centerName: null,
    centerCampus: null,
    distanceLearning: true,
    tranAuthId: null,
    ...overrides,
  };
}
