import { messages } from '@portal/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FailurePanel } from '../../../components/ui/failure-panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAnnouncements } from '../api/announcements';
import { ExternalLink } from '../components/external-link';
import { formatDate } from '../utils/format-date';
import '../components/learning.css';

/** /announcements: the programme's announcements as a timeline, a page at a time (spec sections 2 and 9). */
export function AnnouncementsRoute() {
  const announcements = useAnnouncements();
  const items = announcements.data?.pages.flatMap((page) => page.data) ?? [];
  // After Show more, reading goes on at the first new announcement (the button may be gone).
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const firstNew = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusIndex !== null) firstNew.current?.focus();
  }, [focusIndex]);

  async function showMore() {
    const before = items.length;
    const result = await announcements.fetchNextPage();
    const after = result.data?.pages.reduce((total, page) => total + page.data.length, 0) ?? before;
    if (!result.isError && after > before) setFocusIndex(before);
  }

  return (
    <Card title="Announcements" size="wide">
      {announcements.isPending ? (
        <Skeleton lines={4} block label="Loading announcements" />
      ) : !announcements.data ? (
        <FailurePanel
          networkMessage={messages.learningFailure}
          error={announcements.error}
          retrying={announcements.isFetching}
          onRetry={() => void announcements.refetch()}
        />
      ) : items.length === 0 ? (
        <p>{messages.noAnnouncements}</p>
      ) : (
        <>
          <ol className="timeline" aria-label="Announcements timeline">
            {items.map((item, index) => (
              <li key={item._id} className="timeline__item">
                <article className="timeline__body">
                  <h2
                    className="timeline__title"
                    ref={index === focusIndex ? firstNew : undefined}
                    tabIndex={-1}
                  >
                    {item.title}
                  </h2>
                  <time className="timeline__date" dateTime={item.createdDate}>
                    {formatDate(item.createdDate)}
                  </time>
                  {item.desc ? (
                    <div
                      className="timeline__desc"
                      // Staff HTML, sanitised by the server with an allow-list (formatting and links only).
                      dangerouslySetInnerHTML={{ __html: item.desc }}
                    />
                  ) : null}
                  {item.url ? (
                    <ExternalLink href={item.url} className="timeline__link">
                      Read more<span className="visually-hidden"> about {item.title}</span>
                    </ExternalLink>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
          {announcements.isError ? (
            <FailurePanel
              networkMessage={messages.learningFailure}
              error={announcements.error}
              retrying={announcements.isFetching}
              onRetry={() => void (announcements.isFetchNextPageError ? showMore() : announcements.refetch())}
            />
          ) : announcements.hasNextPage ? (
            <Button
              variant="secondary"
              className="timeline__more"
              loading={announcements.isFetchingNextPage}
              onClick={() => void showMore()}
            >
              Show more
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
