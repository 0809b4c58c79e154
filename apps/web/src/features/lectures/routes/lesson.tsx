import { messages } from '@portal/shared/messages';
import { Navigate, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useT } from '@/features/lectures/i18n';
import { resumeTopic, useLessonTopics } from '@/features/lectures/api/get-lesson-topics';
import {
  LectureFailure,
  LectureRefusal,
  NotYourCourse,
} from '@/features/lectures/components/lecture-failure';
import { sectionPath, topicPath } from '@/features/lectures/paths';
import '@/features/lectures/components/lectures.css';

/** /onlinecourses/:code/:lesson/lesson/:id: opens the lesson's topic where the student left off. */
export function LessonRoute() {
  const { student } = useSession();
  const { code = '', lesson = '', id = '' } = useParams();
  if (!student) return null;
  if (student.course !== code) {
    return <NotYourCourse />;
  }
  return <LessonRedirect code={code} section={lesson} lessonId={id} />;
}

function LessonRedirect({ code, section, lessonId }: { code: string; section: string; lessonId: string }) {
  const topics = useLessonTopics(lessonId);
  const t = useT();
  const tm = useMessageText();
  const back = { to: sectionPath(code, section), label: t('lectures.goBack') };
  const topic = topics.data ? resumeTopic(topics.data) : undefined;
  if (topic) return <Navigate to={topicPath(code, section, lessonId, topic._id)} replace />;

  return (
    <Card title={t('lectures.title')} size="wide">
      {topics.isPending ? (
        <Skeleton lines={3} block label={t('lectures.loadingLesson')} />
      ) : topics.isError ? (
        <LectureFailure
          error={topics.error}
          refusal={tm(messages.noSuchLesson, 'noSuchLesson')}
          back={back}
          onRetry={() => void topics.refetch()}
        />
      ) : (
        <LectureRefusal message={tm(messages.lessonEmpty, 'lessonEmpty')} back={back} />
      )}
    </Card>
  );
}
