import { messages } from '@portal/shared/messages';
import type { Batch } from '@portal/shared/schemas/courses';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { useMessageText } from '@/lib/i18n';
import { useAvailableCourses } from '@/features/courses/api/available-courses';
import { useT } from '@/features/courses/i18n';
import {
  NO_FILTER,
  batchChoices,
  cityChoices,
  filterBatches,
  openBatches,
  type CourseFilter,
} from '@/features/courses/utils/catalogue';
import type { Applying } from './apply-card';
import { AvailableBatchList } from './available-batch-list';
import { CourseFilters } from './course-filters';
import { FoldingSection } from './courses-section';
import { QueryPanel } from './query-panel';

interface AvailableCoursesProps {
  /** The student's city of study (else home city): listed first. */
  ownCity: string | null;
  applying: Applying;
  /** The student's registrations are still on their way (they decide what Apply may do). */
  waiting: boolean;
}

/**
 * New Available Courses (spec section 2), by city and batch, with city and batch filters. Once the student
 * has an active registration it folds behind its heading: they cannot apply now, and the list is long.
 */
export function AvailableCourses({ ownCity, applying, waiting }: AvailableCoursesProps) {
  // A registration that blocks a new application folds the section; the sentence saying so has this id.
  const blockedId = applying.blockedBy;
  const t = useT();
  const tm = useMessageText();
  const available = useAvailableCourses();
  const [expanded, setExpanded] = useState(false);
  const [filter, setFilter] = useState<CourseFilter>(NO_FILTER);

  const content = (
    <SectionBoundary name="available courses">
      <QueryPanel query={available} label={t('available.loading')} waiting={waiting}>
        {(batches) => (
          <FilteredCourses
            batches={openBatches(batches)}
            ownCity={ownCity}
            filter={filter}
            onFilter={setFilter}
            applying={applying}
          />
        )}
      </QueryPanel>
    </SectionBoundary>
  );

  return (
    <FoldingSection
      title={t('available.title')}
      foldable={blockedId !== undefined}
      expanded={expanded}
      onToggle={() => setExpanded((open) => !open)}
      lead={
        blockedId ? (
          <p id={blockedId} className="courses__blocked">
            {t('available.blocked', { alreadyApplied: tm(messages.alreadyApplied, 'alreadyApplied') })}
          </p>
        ) : null
      }
    >
      {content}
    </FoldingSection>
  );
}

interface FilteredCoursesProps {
  batches: Batch[];
  ownCity: string | null;
  filter: CourseFilter;
  onFilter: (filter: CourseFilter) => void;
  applying: Applying;
}

function FilteredCourses({ batches, ownCity, filter, onFilter, applying }: FilteredCoursesProps) {
  const t = useT();
  const tm = useMessageText();
  if (batches.length === 0)
    return <p className="courses__empty">{tm(messages.noActiveRegistration, 'noActiveRegistration')}</p>;
  const shown = filterBatches(batches, filter);
  return (
    <>
      <CourseFilters
        cities={cityChoices(batches, ownCity)}
        batches={batchChoices(batches)}
        filter={filter}
        onChange={onFilter}
      />
      {shown.length === 0 ? (
        <div className="courses__no-match">
          <p>{noMatchSentence(t, filter)}</p>
          <Button variant="secondary" onClick={() => onFilter(NO_FILTER)}>
            {t('available.showAll')}
          </Button>
        </div>
      ) : (
        <AvailableBatchList batches={shown} ownCity={ownCity} applying={applying} />
      )}
    </>
  );
}

/** Said instead of an empty list when the chosen city has no open course in the chosen batch. */
function noMatchSentence(t: ReturnType<typeof useT>, { city, batch }: CourseFilter): string {
  if (city && batch) return t('available.noMatchBoth', { batch, city });
  return t('available.noMatch', { where: batch || city });
}
