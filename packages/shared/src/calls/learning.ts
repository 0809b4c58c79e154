import { messageAnswerSchema } from '../schemas/envelope';
import {
  announcementsAnswerSchema,
  announcementsRequestSchema,
  courseLinksAnswerSchema,
  courseLinksRequestSchema,
  examKeysAnswerSchema,
  examKeysRequestSchema,
  lessonTopicsAnswerSchema,
  lessonTopicsRequestSchema,
  quarterResultAnswerSchema,
  quarterResultRequestSchema,
  sectionListAnswerSchema,
  sectionListRequestSchema,
  videoProgressRequestSchema,
} from '../schemas/learning';
import { courseLinksAddress, quarterResultAddress } from './addresses';
import { defineCall } from './call';

/** The student's learning calls (docs/api.md "Student calls": lectures, results, exam keys, announcements). */

/** The student's course's links and the quarter open to them. */
export const courseLinks = defineCall({
  ...courseLinksAddress,
  body: courseLinksRequestSchema,
  answer: courseLinksAnswerSchema,
  access: 'student',
});

/** The student's result of a quarter. */
export const quarterResult = defineCall({
  ...quarterResultAddress,
  body: quarterResultRequestSchema,
  answer: quarterResultAnswerSchema,
  access: 'student',
});

/** The sections (and their lessons) of a quarter the student may watch. */
export const sectionList = defineCall({
  method: 'POST',
  path: '/studentapi/allowedcontent/getsectionlist',
  body: sectionListRequestSchema,
  answer: sectionListAnswerSchema,
  access: 'student',
});

/** A lesson's topics (videos), with the student's progress in each. */
export const lessonTopics = defineCall({
  method: 'POST',
  path: '/studentapi/allowedcontent/getlessontopics',
  body: lessonTopicsRequestSchema,
  answer: lessonTopicsAnswerSchema,
  access: 'student',
});

/** How far the student watched a video. */
export const saveVideoProgress = defineCall({
  method: 'POST',
  path: '/studentapi/allowedcontent/videoprogress',
  body: videoProgressRequestSchema,
  answer: messageAnswerSchema,
  access: 'student',
});

/** The quiz keys of the student's course. */
export const examKeys = defineCall({
  method: 'POST',
  path: '/studentapi/examkeys',
  body: examKeysRequestSchema,
  answer: examKeysAnswerSchema,
  access: 'student',
});

/** A page of announcements, newest first. */
export const announcements = defineCall({
  method: 'POST',
  path: '/studentapi/announcements',
  body: announcementsRequestSchema,
  answer: announcementsAnswerSchema,
  access: 'student',
});
