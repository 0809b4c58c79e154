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
  const tm = useMessageText();
  const format = useFormat();
  const videoRef = useRef<HTMLVideoElement>(null);
  const navigate = useNavigate();
  const progress = useVideoProgress(topic, lessonId, videoRef);
  // Where the topic stood when it opened: saves rewrite the cached topic while it plays.
  const [startAt] = useState(topic.resumeAt);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [countdown, setCountdown] = useState<number | null>(null);

  useEffect(() => {
    if (countdown === null || nextPath === null) return;
    const timer = window.setTimeout(() => {
      if (countdown > 1) {
        setCountdown(countdown - 1);
        return;
      }
      setCountdown(null);
      void navigate(nextPath, { state: { autoplay: true } });
    }, VIDEO_TICK_MS);
    return () => window.clearTimeout(timer);
  }, [countdown, nextPath, navigate]);

  function handleLoadedMetadata(event: SyntheticEvent<HTMLVideoElement>) {
    const video = event.currentTarget;
    if (startAt > 1 && startAt < video.duration - 2) {
      video.currentTime = startAt;
      setResumedAt(startAt);
    }
    // The browser may refuse to start on its own; the controls are still there.
    if (autoplay) video.play().catch(() => {});
  }

  function handlePlay(event: SyntheticEvent<HTMLVideoElement>) {
    setCountdown(null);
    progress.onPlay(event.currentTarget);
  }

  function handleEnded(event: SyntheticEvent<HTMLVideoElement>) {
    progress.onEnded(event.currentTarget);
    if (nextPath !== null) setCountdown(VIDEO_COUNTDOWN_SECONDS);
  }

  function playNextNow() {
    setCountdown(null);
    if (nextPath !== null) void navigate(nextPath, { state: { autoplay: true } });
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
      <div className="lecture-countdown">
        <p className="lecture-countdown__text" aria-live="polite">
          {countdown !== null
            ? tm(formatMessage(messages.videoCompleted, { seconds: countdown }), 'videoCompleted', {
                seconds: format.number(countdown),
              })
            : null}
        </p>
        {countdown !== null ? (
          <div className="lecture-actions">
            <Button onClick={playNextNow}>{t('lectures.player.playNext')}</Button>
            <Button variant="secondary" onClick={() => setCountdown(null)}>
              {t('lectures.player.cancel')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
