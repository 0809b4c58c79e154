import { saveVideoProgress as saveProgressCall } from '@portal/shared/calls/learning';
import type { LessonTopic } from '@portal/shared/schemas/learning';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { lessonTopicsQueryOptions } from './get-lesson-topics';

export interface VideoProgress {
  topicId: string;
  /** Seconds from the start of the video. */
  position: number;
  completed: boolean;
}

/**
 * Records where the student is in a video, then writes it into the lesson's cached topics so that the topic
 * list shows "Watched" and a return visit resumes there. Fire and forget: a lost save costs a few seconds of
 * resume position, nothing the student needs to hear about, so failures are dropped.
 *
 * Every save is a keepalive request (a few bytes), so the one made as the tab closes (pagehide) still arrives.
 */
export function saveVideoProgress(queryClient: QueryClient, lessonId: string, progress: VideoProgress) {
  callApi(saveProgressCall, { body: progress }, { keepalive: true })
    .then(() => {
      queryClient.setQueryData(lessonTopicsQueryOptions(lessonId).queryKey, (topics) =>
        topics?.map((topic): LessonTopic =>
          topic._id === progress.topicId
            ? { ...topic, resumeAt: progress.position, completed: topic.completed || progress.completed }
            : topic,
        ),
      );
    })
    .catch(() => {});
}
