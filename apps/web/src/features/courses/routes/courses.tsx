import { enrolmentActions } from '@portal/shared/constants/enrolment';
import { messages } from '@portal/shared/messages';
import type { Batch, CourseRegistration, RestrictedBatchEntry } from '@portal/shared/schemas/courses';
import type { SessionStudent } from '@portal/shared/schemas/student';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useStudentInfoRefresh } from '../../../lib/student-info';
import { useAvailableCourses } from '../api/available-courses';
import { useMyCourses } from '../api/my-courses';
import { useRestrictedBatches } from '../../../lib/restricted-batches';
import { ApplyCard } from '../components/apply-card';
import { DocumentAlerts } from '../components/document-alerts';
import { RegistrationCard } from '../components/registration-card';
import { admitCardState } from '../utils/registration';
import '../components/courses.css';

/** /courses: the student's registrations, their admit cards, and the courses open to apply in (spec section 2). */
export function CoursesRoute() {
  const { student } = useSession();
  if (!student) return null; // RequireSession renders this route only with a session
  return <CoursesScreen student={student} />;
}

interface Notice {
  text: string;
  /** Tells two equal messages apart, so that each one is announced and focused. */
  id: number;
}

function CoursesScreen({ student }: { student: SessionStudent }) {
  // The alerts read the status and rejection reason, which staff change: read the student again on arrival.
  useStudentInfoRefresh();
  const myCourses = useMyCourses(student._id);
  const available = useAvailableCourses();
  const special = useRestrictedBatches(student._id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const blockedId = useId();

  useEffect(() => {
    // The button that was pressed is gone or disabled now: the result is where reading goes on.
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  function announce(text: string) {
    setNotice((previous) => ({ text, id: (previous?.id ?? 0) + 1 }));
  }

  const registrations = myCourses.data ?? [];
  const alreadyApplied = registrations.some(
    (registration) => enrolmentActions(registration.courseStatus).alreadyApplied,
  );
  const blockedBy = alreadyApplied ? blockedId : undefined;

  /** Applying again in a batch whose registration was cancelled takes that entry's place. */
  function cancelledIndex(batchId: string): number | undefined {
    const index = registrations.findIndex(
      (registration) => registration.batchId._id === batchId && registration.courseStatus === 'CANCELLED',
    );
    return index < 0 ? undefined : index;
  }

  const admitCards = registrations.filter(
    (registration) => enrolmentActions(registration.courseStatus).admitCard,
  );

  return (
    <Card title="Courses" size="wide" className="courses">
      <DocumentAlerts student={student} />
      {notice ? (
        <div ref={noticeRef} tabIndex={-1} key={notice.id} className="courses__notice">
          <Alert tone="success">{notice.text}</Alert>
        </div>
      ) : null}

      <Section title="My Courses">
        <Loadable query={myCourses} label="Loading your courses">
          {(list) =>
            list.length === 0 ? (
              <p className="courses__empty">{messages.noCoursesApplied}</p>
            ) : (
              <div className="courses__grid">
                {list.map((registration, index) => (
                  <RegistrationCard
                    key={registration._id}
                    student={student}
                    registration={registration}
                    index={index}
                    onCancelled={announce}
                  />
                ))}
              </div>
            )
          }
        </Loadable>
      </Section>

      {admitCards.length > 0 ? (
        <Section title="My Admit Card">
          <ul className="courses__links">
            {admitCards.map((registration) => (
              <li key={registration._id}>
                <Link to="/admitcard" state={admitCardState(student, registration)}>
                  Admit card: {admitCardLabel(registration)}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="New Available Courses">
        {alreadyApplied ? (
          <p id={blockedId} className="courses__blocked">
            {messages.alreadyApplied}. A new application is possible once that registration is cancelled or
            finished.
          </p>
        ) : null}
        <Loadable query={available} label="Loading the courses">
          {(batches) => {
            const cities = groupByCity(batches);
            if (cities.length === 0) return <p className="courses__empty">{messages.noActiveRegistration}</p>;
            return cities.map(([city, cityBatches]) => (
              <div key={city} className="courses__city">
                <h3 className="courses__city-name">{city}</h3>
                {cityBatches.map((batch) => (
                  <div key={batch._id} className="courses__batch">
                    <h4 className="courses__batch-name">{batch.name}</h4>
                    <div className="courses__grid">
                      {batch.courses.map((course) => (
                        <ApplyCard
                          key={course._id}
                          studentId={student._id}
                          course={course}
                          batch={batch}
                          mode={modeOf(batch, course._id)}
                          blockedBy={blockedBy}
                          courseIndex={cancelledIndex(batch._id)}
                          headingLevel={5}
                          onApplied={announce}
                        />
                      ))}
                    </div>
                  </div>
                ))}
              </div>
            ));
          }}
        </Loadable>
      </Section>

      <SpecialCourses query={special}>
        {(entries) => (
          <div className="courses__grid">
            {entries.map((entry) => (
              <ApplyCard
                key={`${entry.batchId}-${entry.courseId}`}
                studentId={student._id}
                course={entry.course}
                batch={entry.batch}
                mode={modeOf(entry.batch, entry.courseId)}
                special={{ onSiteAllowed: entry.onSiteAllowed }}
                blockedBy={blockedBy}
                courseIndex={cancelledIndex(entry.batchId)}
                headingLevel={3}
                onApplied={announce}
              />
            ))}
          </div>
        )}
      </SpecialCourses>

      <Section title="Announcements">
        <p>
          <Link to="/announcements">Read the programme&rsquo;s announcements</Link>
        </p>
      </Section>
    </Card>
  );
}

function admitCardLabel(registration: CourseRegistration): string {
  return `${registration.courseId.name}, ${registration.batchName} (${registration.batchId.city})`;
}

function modeOf(batch: Batch, courseId: string) {
  return batch.batchCourses.find((entry) => entry.course === courseId)?.mode ?? null;
}

/** Batches by city, in the order the server lists them; batches without a course are left out. */
function groupByCity(batches: Batch[]): Array<[city: string, batches: Batch[]]> {
  const cities = new Map<string, Batch[]>();
  batches
    .filter((batch) => batch.courses.length > 0)
    .forEach((batch) => cities.set(batch.city, [...(cities.get(batch.city) ?? []), batch]));
  return [...cities];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="courses__section" aria-labelledby={id}>
      <h2 id={id} className="courses__section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Special courses show only to the students granted one; a failure to read them still shows. */
function SpecialCourses({
  query,
  children,
}: {
  query: UseQueryResult<RestrictedBatchEntry[]>;
  children: (entries: RestrictedBatchEntry[]) => ReactNode;
}) {
  if (query.isSuccess && query.data.length === 0) return null;
  return (
    <Section title="Special Courses">
      <Loadable query={query} label="Loading your special courses">
        {children}
      </Loadable>
    </Section>
  );
}

/** A section's content once its call has answered: a spinner before, the message and Retry on failure. */
function Loadable<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="courses__loading">
        <Spinner size="large" label={label} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="courses__failure">
        <Alert tone="error">
          {failureMessage(query.error, {
            network: messages.coursesFailure,
            fallback: messages.coursesFailure,
          })}
        </Alert>
        <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
