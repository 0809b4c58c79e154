import { lessonTopics } from '@portal/shared/calls/learning';
import type { LessonTopic } from '@portal/shared/schemas/learning';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export async function getLessonTopics(lessonId: string, signal?: AbortSignal) {
  const answer = await callApi(lessonTopics, { body: { lessonId } }, { signal });
  return answer.data;
}

/**
 * One query per lesson, shared by Continue on the section page, the lesson page and the topic page, so that
 * opening a lesson asks once. Saved progress is written into this cache (save-video-progress), so a minute
 * of freshness does not show stale "Watched" marks.
 */
export function lessonTopicsQueryOptions(lessonId: string) {
  return queryOptions({
    queryKey: ['lectures', 'topics', lessonId],
    queryFn: ({ signal }) => getLessonTopics(lessonId, signal),
    staleTime: 60_000,
  });
}

export function useLessonTopics(lessonId: string) {
  return useQuery(lessonTopicsQueryOptions(lessonId));
}

/** Where a lesson resumes: the first topic not yet watched to the end, else the first topic. */
export function resumeTopic(topics: readonly LessonTopic[]): LessonTopic | undefined {
  return topics.find((topic) => !topic.completed) ?? topics[0];
}
