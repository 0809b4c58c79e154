import { messages } from '@portal/shared/messages';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { useMessageText } from '@/lib/i18n';
import { useRestrictedBatches } from '@/lib/restricted-batches';
import { useT } from '@/features/courses/i18n';
import { modeOf } from '@/features/courses/utils/catalogue';
import { ApplyCard, type Applying } from './apply-card';
import { CoursesSection } from './courses-section';
import { QueryPanel } from './query-panel';

/**
 * Special Courses: the restricted batches granted to this student, onsite only where the entry allows it.
 * They show only to the students granted one; a failure to read them still shows.
 */
export function SpecialCourses({ applying }: { applying: Applying }) {
  const t = useT();
  const tm = useMessageText();
  const special = useRestrictedBatches(applying.studentId);
  if (special.isSuccess && special.data.length === 0) return null;
  return (
    <CoursesSection title={t('special.title')}>
      <SectionBoundary name="special courses">
        <QueryPanel
          query={special}
          label={t('special.loading')}
          // Spec section 8: a restricted-batches failure says the server's message or this one.
          networkMessage={tm(messages.genericFailure, 'genericFailure')}
        >
          {(entries) => (
            <div className="courses__grid">
              {entries.map((entry) => (
                <ApplyCard
                  key={`${entry.batchId}-${entry.courseId}`}
                  studentId={applying.studentId}
                  course={entry.course}
                  batch={entry.batch}
                  mode={modeOf(entry.batch, entry.courseId)}
                  special={{ onSiteAllowed: entry.onSiteAllowed }}
                  blockedBy={applying.blockedBy}
                  courseIndex={applying.courseIndexFor(entry.batchId)}
                  headingLevel={3}
                  onApplied={applying.onApplied}
                />
              ))}
            </div>
          )}
        </QueryPanel>
      </SectionBoundary>
    </CoursesSection>
  );
}
