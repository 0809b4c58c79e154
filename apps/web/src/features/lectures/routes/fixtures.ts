import type { Envelope } from '@portal/shared/schemas/envelope';
import type {
  CourseLinks,
  CourseSection,
  LessonTopic,
  courseLinksAnswerSchema,
  lessonTopicsAnswerSchema,
  sectionListAnswerSchema,
} from '@portal/shared/schemas/learning';
import type { z } from '@portal/shared/schemas/zod';
import { ok, type ApiHandlers, type ApiRequest } from '@test/render-app';

/** The learning calls of API.md that the lecture screens make, typed from packages/shared. */
interface LectureCalls {
  '/studentapi/courselinks': [Record<string, never>, z.infer<typeof courseLinksAnswerSchema>];
  '/studentapi/allowedcontent/getsectionlist': [
    { data: { quarter: string; batch: string; courseName: string } },
    z.infer<typeof sectionListAnswerSchema>,
  ];
  '/studentapi/allowedcontent/getlessontopics': [
    { lessonId: string },
    z.infer<typeof lessonTopicsAnswerSchema>,
  ];
  '/studentapi/allowedcontent/videoprogress': [
    { topicId: string; position: number; completed: boolean },
    Envelope,
  ];
}
export type LecturePath = keyof LectureCalls;
type Reply<Answer> = ReturnType<typeof ok<Answer>>;
export type LectureHandlers = {
  [P in LecturePath]?: (body: LectureCalls[P][0]) => Reply<LectureCalls[P][1]>;
};

/** The lecture calls answered for a paid student with the sample sections and topics, plus `handlers`. */
export function lectureApi(handlers: LectureHandlers = {}): ApiHandlers {
  const all: LectureHandlers = {
    '/studentapi/courselinks': () => ok({ success: true, data: courseLinks() }),
    '/studentapi/allowedcontent/getsectionlist': () => ok({ success: true, data: sections }),
    '/studentapi/allowedcontent/getlessontopics': () => ok({ success: true, message: 'ok', data: topics() }),
    '/studentapi/allowedcontent/videoprogress': () => ok({ success: true, message: 'Saved' }),
    ...handlers,
  };
  return all;
}

export function lectureRequests(requests: ApiRequest[], path: LecturePath) {
  return requests.filter((request) => request.path === path);
}

export function courseLinks(overrides: Partial<CourseLinks> = {}): CourseLinks {
  return {
    course: 'AIC',
    batch: 'Batch 12',
    quarter: 'Q2',
    paid: true,
    links: {},
    textbooks: [],
    showTextbooks: false,
    showExam: false,
    admitted: true,
    ...overrides,
  };
}

export const sections: CourseSection[] = [
  {
    _id: 'section-1',
    title: 'Python basics',
    quarter: 'Q1',
    lessons: [
      { _id: 'lesson-1', title: 'Variables', description: '<p>Names for <strong>values</strong></p>' },
      { _id: 'lesson-2', title: 'Loops', description: '<p>Doing things again</p>' },
    ],
  },
  {
    _id: 'section-2',
    title: 'Machine learning',
    quarter: 'Q2',
    lessons: [{ _id: 'lesson-3', title: 'Regression', description: '<p>Fitting a line</p>' }],
  },
];

export function topic(overrides: Partial<LessonTopic> = {}): LessonTopic {
  return {
    _id: 'topic-1',
    title: 'What is a variable',
    description: '<p>A name for a value</p>',
    videoURL: 'https://videos.example.org/topic-1.mp4',
    sequence: 1,
    resumeAt: 0,
    completed: false,
    ...overrides,
  };
}

export function topics(): LessonTopic[] {
  return [
    topic(),
    topic({
      _id: 'topic-2',
      title: 'Naming variables',
      videoURL: 'https://videos.example.org/topic-2.mp4',
      sequence: 2,
    }),
    topic({
      _id: 'topic-3',
      title: 'Constants',
      videoURL: 'https://videos.example.org/topic-3.mp4',
      sequence: 3,
    }),
  ];
}
