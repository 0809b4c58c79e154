import { messages } from '@portal/shared/messages';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { FailurePanel } from '@/components/ui/failure-panel';
import { ApiError } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { t as learningT, useT } from '@/features/lectures/i18n';

interface LectureFailureProps {
  error: unknown;
  /**
   * Said when the server refused without a message of its own (e.g. a malformed id): a spec message, in the
   * page's language already (`tm(messages.someKey, 'someKey')`).
   */
  refusal: string;
  back: { to: string; label: string };
  onRetry: () => void;
}

/**
 * A failed lecture call. A refusal (not the student's course, nothing paid, unknown lesson) will be refused
 * again, so it gets the server's sentence and a way back; a lost or failed request gets a Retry.
 */
export function LectureFailure({ error, refusal, back, onRetry }: LectureFailureProps) {
  const tm = useMessageText();
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const message =
      (error.status === 403 || error.status === 404) && error.message
        ? tm(error.message, error.code, error.params)
        : refusal;
    return <LectureRefusal message={message} back={back} />;
  }
  // Lecture pages say the spec's sentence for any failure that is not a refusal, not the server's words.
  return (
    <FailurePanel
      error={null}
      networkMessage={tm(messages.learningFailure, 'learningFailure')}
      onRetry={onRetry}
    />
  );
}

/** `message` is shown as given: translate it first (a spec message through `useMessageText`). */
export function LectureRefusal({ message, back }: { message: string; back: { to: string; label: string } }) {
  return (
    <div className="lecture-failure">
      <Alert tone="error">{message}</Alert>
      <Link to={back.to} className="button button--secondary">
        {back.label}
      </Link>
    </div>
  );
}

/** The way back to the course list, labelled in the language shown now: call it while rendering. */
export function backToLectures() {
  return { to: '/onlinecourses', label: learningT('lectures.backToLectures') };
}

/** A lecture address for a course that is not the student's: the spec's refusal, decided before any call. */
export function NotYourCourse() {
  const t = useT();
  const tm = useMessageText();
  return (
    <Card title={t('lectures.title')} size="wide">
      <LectureRefusal message={tm(messages.noSuchCourse, 'noSuchCourse')} back={backToLectures()} />
    </Card>
  );
}
