import { messages } from '@portal/shared/messages';
import type { LessonTopic } from '@portal/shared/schemas/learning';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useT } from '@/features/lectures/i18n';
import { useLessonTopics } from '@/features/lectures/api/get-lesson-topics';
import {
  LectureFailure,
  LectureRefusal,
  NotYourCourse,
} from '@/features/lectures/components/lecture-failure';
import { StaffHtml } from '@/features/lectures/components/staff-html';
import { TopicPlayer } from '@/features/lectures/components/topic-player';
import { sectionPath, topicPath } from '@/features/lectures/paths';
import '@/features/lectures/components/lectures.css';

interface TopicPlace {
  code: string;
  /** The section id (the `:lesson` segment). */
  section: string;
  lessonId: string;
  videoId: string;
}

/**
 * /onlinecourses/:code/:lesson/lesson/:id/topic/:videoId: the lesson's topics, the video, Previous and Next
 * (the first topic after the last) and Go Back to the section page (spec section 2).
 */
export function TopicRoute() {
  const { student } = useSession();
  const { code = '', lesson = '', id = '', videoId = '' } = useParams();
  if (!student) return null;
  if (student.course !== code) {
    return <NotYourCourse />;
  }
  return <Topic code={code} section={lesson} lessonId={id} videoId={videoId} />;
}

function opensPlaying(state: unknown) {
  return typeof state === 'object' && state !== null && 'autoplay' in state && state.autoplay === true;
}

function Topic({ code, section, lessonId, videoId }: TopicPlace) {
  const topics = useLessonTopics(lessonId);
  const location = useLocation();
  const t = useT();
  const tm = useMessageText();
  const back = { to: sectionPath(code, section), label: t('lectures.goBack') };

  if (topics.isPending || topics.isError) {
    return (
      <Card title={t('lectures.title')} size="wide">
        {topics.isPending ? (
          <Skeleton lines={3} block label={t('lectures.loadingLesson')} />
        ) : (
          <LectureFailure
            error={topics.error}
            refusal={tm(messages.noSuchLesson, 'noSuchLesson')}
            back={back}
            onRetry={() => void topics.refetch()}
          />
        )}
      </Card>
    );
  }

  const list = topics.data;
  const index = list.findIndex((topic) => topic._id === videoId);
  const topic = list[index];
  if (!topic) {
    return (
      <Card title={t('lectures.title')} size="wide">
        <LectureRefusal message={tm(messages.noSuchVideo, 'noSuchVideo')} back={back} />
      </Card>
    );
  }

  const pathOf = (target: LessonTopic) => topicPath(code, section, lessonId, target._id);
  const previous = index > 0 ? list[index - 1] : undefined;
  const next = list.length > 1 ? list[(index + 1) % list.length] : undefined;
  const nextPath = next ? pathOf(next) : null;

  return (
    <Card title={<span dir="auto">{topic.title}</span>} size="wide">
      <div className="lecture-layout">
        <TopicList topics={list} currentId={topic._id} pathOf={pathOf} />
        <div className="lecture-layout__main">
          <SectionBoundary name="video player">
            <TopicPlayer
              key={topic._id}
              topic={topic}
              lessonId={lessonId}
              nextPath={nextPath}
              autoplay={opensPlaying(location.state)}
            />
          </SectionBoundary>
          <StaffHtml html={topic.description} className="lecture-topic__description" />
          <TopicActions previousPath={previous ? pathOf(previous) : null} nextPath={nextPath} back={back} />
        </div>
      </div>
    </Card>
  );
}

interface TopicListProps {
  topics: LessonTopic[];
  /** The topic shown: its link is the current page. */
  currentId: string;
  pathOf: (topic: LessonTopic) => string;
}

/** The lesson's topics, each a link, marked when watched. */
function TopicList({ topics, currentId, pathOf }: TopicListProps) {
  const t = useT();
  return (
    <nav className="lecture-layout__nav" aria-label={t('lectures.topics')}>
      <ol className="lecture-list">
        {topics.map((entry) => (
          <li key={entry._id}>
            <Link
              to={pathOf(entry)}
              className="lecture-list__link"
              aria-current={entry._id === currentId ? 'page' : undefined}
            >
              <span dir="auto">{entry.title}</span>
              {entry.completed ? <span className="lecture-badge">{t('lectures.watched')}</span> : null}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface TopicActionsProps {
  /** null: no topic before this one. */
  previousPath: string | null;
  /** null: the lesson has only this topic. */
  nextPath: string | null;
  back: { to: string; label: string };
}

/** Previous, Next and Go Back under the video. */
function TopicActions({ previousPath, nextPath, back }: TopicActionsProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="lecture-actions">
      <Button
        variant="secondary"
        disabled={previousPath === null}
        onClick={() => previousPath !== null && void navigate(previousPath)}
      >
        {t('lectures.previous')}
      </Button>
      <Button
        variant="secondary"
        disabled={nextPath === null}
        onClick={() => nextPath !== null && void navigate(nextPath)}
      >
        {t('lectures.next')}
      </Button>
      <Link to={back.to} className="button button--secondary">
        {back.label}
      </Link>
    </div>
  );
}
