import { messages } from '@portal/shared/messages';
import type { Announcement } from '@portal/shared/schemas/learning';
import { useEffect, useRef, useState, type Ref, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FailurePanel, QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { useAnnouncements } from '@/features/learning/api/announcements';
import { ExternalLink } from '@/features/learning/components/external-link';
import { useT } from '@/features/learning/i18n';
import { useFormatDate } from '@/features/learning/utils/format-date';
import '@/features/learning/components/learning.css';

/** /announcements: the programme's announcements as a timeline, a page at a time (spec sections 2 and 9). */
export function AnnouncementsRoute() {
  const t = useT();
  const tm = useMessageText();
  const announcements = useAnnouncements();
  const items = announcements.data?.pages.flatMap((page) => page.data) ?? [];
  const { focusIndex, firstNew, showMore } = useShowMore(announcements, items.length);

  return (
    <Card title={t('announcements.title')} size="wide">
      {announcements.isPending ? (
        <Skeleton lines={4} block label={t('announcements.loading')} />
      ) : !announcements.data ? (
        <QueryFailure
          query={announcements}
          networkMessage={tm(messages.learningFailure, 'learningFailure')}
        />
      ) : items.length === 0 ? (
        <p>{tm(messages.noAnnouncements, 'noAnnouncements')}</p>
      ) : (
        <>
          <AnnouncementTimeline items={items} focusIndex={focusIndex} firstNew={firstNew} />
          {announcements.isError ? (
            <FailurePanel
              networkMessage={tm(messages.learningFailure, 'learningFailure')}
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
              {t('announcements.showMore')}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}

/**
 * Show more: the next page of announcements; after it, reading goes on at the first new announcement
 * (`focusIndex`, whose heading takes `firstNew`), since the button may be gone.
 */
function useShowMore(announcements: ReturnType<typeof useAnnouncements>, loaded: number) {
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const firstNew = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusIndex !== null) firstNew.current?.focus();
  }, [focusIndex]);

  async function showMore() {
    const before = loaded;
    const result = await announcements.fetchNextPage();
    const after = result.data?.pages.reduce((total, page) => total + page.data.length, 0) ?? before;
    if (!result.isError && after > before) setFocusIndex(before);
  }

  return { focusIndex, firstNew, showMore };
}

interface AnnouncementTimelineProps {
  items: Announcement[];
  /** The first announcement of the page Show more brought, if any: its heading takes `firstNew`. */
  focusIndex: number | null;
  firstNew: RefObject<HTMLHeadingElement | null>;
}

function AnnouncementTimeline({ items, focusIndex, firstNew }: AnnouncementTimelineProps) {
  const t = useT();
  return (
    <ol className="timeline" aria-label={t('announcements.timeline')}>
      {items.map((item, index) => (
        <li key={item._id} className="timeline__item">
          <AnnouncementEntry item={item} headingRef={index === focusIndex ? firstNew : undefined} />
        </li>
      ))}
    </ol>
  );
}

/** One announcement: its title, date, text and Read more link. */
function AnnouncementEntry({
  item,
  headingRef,
}: {
  item: Announcement;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <article className="timeline__body">
      {/* Written by staff, in English or Urdu: the title and the text take their own direction. */}
      <h2 className="timeline__title" dir="auto" ref={headingRef} tabIndex={-1}>
        {item.title}
      </h2>
      <time className="timeline__date" dateTime={item.createdDate}>
        {formatDate(item.createdDate)}
      </time>
      {item.desc ? (
        <div
          className="timeline__desc"
          dir="auto"
          // Staff HTML, sanitised by the server with an allow-list (formatting and links only).
          dangerouslySetInnerHTML={{ __html: item.desc }}
        />
      ) : null}
      {item.url ? (
        <ExternalLink href={item.url} className="timeline__link">
          {t('announcements.readMore')}
          <span className="visually-hidden"> {t('announcements.readMoreAbout', { title: item.title })}</span>
        </ExternalLink>
      ) : null}
    </article>
  );
}
