import { VIDEO_COUNTDOWN_SECONDS, VIDEO_TICK_MS } from '@portal/shared/constants/learning';
import { formatMessage, messages } from '@portal/shared/messages';
import type { LessonTopic } from '@portal/shared/schemas/learning';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useFormat, useMessageText } from '@/lib/i18n';
import { useT } from '@/features/lectures/i18n';
import { useVideoProgress } from './use-video-progress';

interface TopicPlayerProps {
  topic: LessonTopic;
  lessonId: string;
  /** The topic after this one (the first after the last); null when the lesson has only this one. */
  nextPath: string | null;
  /** Opened by the end-of-video countdown: start playing at once. */
  autoplay: boolean;
}

/** Seconds as m:ss. */
export function formatTime(seconds: number) {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The topic's video: resumes where the student stopped, saves progress, and when the video ends counts down
 * VIDEO_COUNTDOWN_SECONDS before opening the next topic (spec section 4). Render it with `key={topic._id}`
 * so that each topic gets its own player, progress and countdown.
 */
export function TopicPlayer({ topic, lessonId, nextPath, autoplay }: TopicPlayerProps) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const progress = useVideoProgress(topic, lessonId, videoRef);
  const { resumedAt, handleLoadedMetadata } = useResumePoint(topic.resumeAt, autoplay);
  const countdown = useNextTopicCountdown(nextPath);

  function handlePlay(event: SyntheticEvent<HTMLVideoElement>) {
    countdown.cancel();
    progress.onPlay(event.currentTarget);
  }

  function handleEnded(event: SyntheticEvent<HTMLVideoElement>) {
    progress.onEnded(event.currentTarget);
    countdown.start();
  }

  return (
    <div className="lecture-player">
      <div className="lecture-player__frame">
        <video
          ref={videoRef}
          className="lecture-player__video"
          src={topic.videoURL}
          aria-label={topic.title}
          controls
          playsInline
          preload="metadata"
          onLoadedMetadata={handleLoadedMetadata}
          onPlay={handlePlay}
          onPause={(event) => progress.onPause(event.currentTarget)}
          onEnded={handleEnded}
        />
      </div>
      {resumedAt !== null ? (
        <p className="lecture-player__note">
          {t('lectures.player.resumedAt', { time: formatTime(resumedAt) })}
        </p>
      ) : null}
      <NextTopicCountdown
        seconds={countdown.seconds}
        onPlayNext={countdown.playNextNow}
        onCancel={countdown.cancel}
      />
    </div>
  );
}

/**
 * Resuming where the student stopped: once the video's length is known it jumps to `resumeAt` (as it was when
 * the topic opened; saves rewrite the cached topic while it plays) and, if `autoplay`, starts playing.
 */
function useResumePoint(resumeAt: number, autoplay: boolean) {
  const [startAt] = useState(resumeAt);
  const [resumedAt, setResumedAt] = useState<number | null>(null);

  function handleLoadedMetadata(event: SyntheticEvent<HTMLVideoElement>) {
    const video = event.currentTarget;
    if (startAt > 1 && startAt < video.duration - 2) {
      video.currentTime = startAt;
      setResumedAt(startAt);
    }
    // The browser may refuse to start on its own; the controls are still there.
    if (autoplay) video.play().catch(() => {});
  }

  return { resumedAt, handleLoadedMetadata };
}

/**
 * The countdown to the next topic after the video ends: `seconds` left (null when not counting), then the next
 * topic opens playing. Without a next topic it never starts.
 */
function useNextTopicCountdown(nextPath: string | null) {
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState<number | null>(null);

  useEffect(() => {
    if (seconds === null || nextPath === null) return;
    const timer = window.setTimeout(() => {
      if (seconds > 1) {
        setSeconds(seconds - 1);
        return;
      }
      setSeconds(null);
      void navigate(nextPath, { state: { autoplay: true } });
    }, VIDEO_TICK_MS);
    return () => window.clearTimeout(timer);
  }, [seconds, nextPath, navigate]);

  function start() {
    if (nextPath !== null) setSeconds(VIDEO_COUNTDOWN_SECONDS);
  }

  function cancel() {
    setSeconds(null);
  }

  function playNextNow() {
    setSeconds(null);
    if (nextPath !== null) void navigate(nextPath, { state: { autoplay: true } });
  }

  return { seconds, start, cancel, playNextNow };
}

interface NextTopicCountdownProps {
  /** Seconds left before the next topic opens; null when not counting down. */
  seconds: number | null;
  onPlayNext: () => void;
  onCancel: () => void;
}

/** The end-of-video message with Play next and Cancel while the countdown runs. */
function NextTopicCountdown({ seconds, onPlayNext, onCancel }: NextTopicCountdownProps) {
  const t = useT();
  const tm = useMessageText();
  const format = useFormat();
  return (
    <div className="lecture-countdown">
      <p className="lecture-countdown__text" aria-live="polite">
        {seconds !== null
          ? tm(formatMessage(messages.videoCompleted, { seconds }), 'videoCompleted', {
              seconds: format.number(seconds),
            })
          : null}
      </p>
      {seconds !== null ? (
        <div className="lecture-actions">
          <Button onClick={onPlayNext}>{t('lectures.player.playNext')}</Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('lectures.player.cancel')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
