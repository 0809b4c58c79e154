import { VIDEO_PROGRESS_SAVE_MS } from '@portal/shared/constants/learning';
import type { LessonTopic } from '@portal/shared/schemas/learning';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { saveVideoProgress } from '@/features/lectures/api/save-video-progress';

/** The API accepts positions up to a day. */
const MAX_POSITION = 86_400;

function positionOf(video: HTMLVideoElement, ended: boolean) {
  const seconds = ended && Number.isFinite(video.duration) ? video.duration : video.currentTime;
  return Math.min(Math.max(seconds, 0), MAX_POSITION);
}

/**
 * Saves where the student is in the video: every VIDEO_PROGRESS_SAVE_MS while it plays, on pause, on end
 * (completed) and when the page goes away (unmount, pagehide). Nothing is saved before the video has been
 * played, and a save that would repeat the previous one is skipped.
 */
export function useVideoProgress(
  topic: LessonTopic,
  lessonId: string,
  videoRef: RefObject<HTMLVideoElement | null>,
) {
  const queryClient = useQueryClient();
  const topicId = topic._id;
  const played = useRef(false);
  // Once watched to the end a topic stays watched, even if replayed and left half-way.
  const completed = useRef(topic.completed);
  const lastSaved = useRef<{ position: number; completed: boolean } | null>(null);
  const ticker = useRef<number | undefined>(undefined);

  const save = useCallback(
    (video: HTMLVideoElement, ended = false) => {
      if (!played.current) return;
      if (ended) completed.current = true;
      const progress = { topicId, position: positionOf(video, ended), completed: completed.current };
      const last = lastSaved.current;
      if (last && last.position === progress.position && last.completed === progress.completed) return;
      lastSaved.current = { position: progress.position, completed: progress.completed };
      saveVideoProgress(queryClient, lessonId, progress);
    },
    [queryClient, lessonId, topicId],
  );

  const stopTicking = useCallback(() => {
    window.clearInterval(ticker.current);
    ticker.current = undefined;
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const leave = () => save(video);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      stopTicking();
      leave();
    };
  }, [save, stopTicking, videoRef]);

  return {
    onPlay(video: HTMLVideoElement) {
      played.current = true;
      stopTicking();
      ticker.current = window.setInterval(() => save(video), VIDEO_PROGRESS_SAVE_MS);
    },
    onPause(video: HTMLVideoElement) {
      stopTicking();
      played.current = true;
      // A video that reaches its end pauses first; the end saves it as completed.
      if (!video.ended) save(video);
    },
    onEnded(video: HTMLVideoElement) {
      stopTicking();
      played.current = true;
      save(video, true);
    },
  };
}
