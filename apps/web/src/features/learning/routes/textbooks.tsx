import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { Navigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { isNoCourse, useCourseLinks } from '@/features/learning/api/course-links';
import { CoursePage } from '@/features/learning/components/course-page';
import { ExternalLink } from '@/features/learning/components/external-link';
import { useT } from '@/features/learning/i18n';
import '@/features/learning/components/learning.css';

/** /textbooks: the covers and titles of the course's reading books, each linking out (spec section 2). */
export function TextbooksRoute() {
  // Spec section 2: no user, no books; a student without a course has no reading list either.
  return <CoursePage page={Textbooks} />;
}

function Textbooks({ student }: { student: SessionStudent }) {
  const t = useT();
  const tm = useMessageText();
  const links = useCourseLinks(student);

  if (links.isError && isNoCourse(links.error)) return <Navigate to="/courses" replace />;

  return (
    <Card title={t('textbooks.title')} size="wide">
      {links.isPending ? (
        <Skeleton lines={4} block label={t('textbooks.loading')} />
      ) : links.isError ? (
        <QueryFailure query={links} networkMessage={tm(messages.learningFailure, 'learningFailure')} />
      ) : links.data.textbooks.length === 0 ? (
        <p>{t('textbooks.none')}</p>
      ) : (
        <ul className="textbooks" aria-label={t('textbooks.list')}>
          {links.data.textbooks.map((book, index) => (
            <li key={`${index}-${book.link}`}>
              <ExternalLink href={book.link} className="textbook">
                {book.cover ? (
                  <img
                    className="textbook__cover"
                    src={book.cover}
                    alt={book.title}
                    loading="lazy"
                    decoding="async"
                    width={240}
                    height={320}
                  />
                ) : (
                  <span className="textbook__cover textbook__cover--blank" aria-hidden="true" />
                )}
                {/* The cover's alt text names the book for screen readers; the caption is for the eye. */}
                <span className="textbook__title" dir="auto" aria-hidden={book.cover ? true : undefined}>
                  {book.title}
                </span>
              </ExternalLink>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
