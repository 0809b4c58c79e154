import type { Batch } from '@portal/shared/schemas/courses';
import { useDeferredValue } from 'react';
import { groupByCity, modeOf } from '@/features/courses/utils/catalogue';
import { ApplyCard, type Applying } from './apply-card';

interface AvailableBatchListProps {
  batches: Batch[];
  /** The student's city: listed first. */
  ownCity: string | null;
  applying: Applying;
}

/** The cards a phone's first screen holds, and some: drawn before the rest of the list (decision 0068). */
export const FIRST_CARDS = 4;

/**
 * The open courses by city, then batch (headings h3, h4, h5 under the section's h2). The list runs to
 * twenty cards and more: the first render draws the first few, and the rest follow in a render of their own
 * just after (`useDeferredValue`), so that a slow phone shows, and lets the student use, the top of the list
 * without waiting for the whole of it. Later renders draw the whole list at once.
 */
export function AvailableBatchList({ batches, ownCity, applying }: AvailableBatchListProps) {
  const whole = useDeferredValue(true, false);
  let left = whole ? Number.POSITIVE_INFINITY : FIRST_CARDS;
  const cities: { city: string; shownBatches: { batch: Batch; courses: Batch['courses'] }[] }[] = [];
  for (const [city, cityBatches] of groupByCity(batches, ownCity)) {
    if (left <= 0) break;
    const shownBatches: { batch: Batch; courses: Batch['courses'] }[] = [];
    for (const batch of cityBatches) {
      if (left <= 0) break;
      const courses = batch.courses.slice(0, left);
      left -= courses.length;
      shownBatches.push({ batch, courses });
    }
    cities.push({ city, shownBatches });
  }
  return cities.map(({ city, shownBatches }) => (
    <div key={city} className="courses__city">
      <h3 className="courses__city-name">{city}</h3>
      {shownBatches.map(({ batch, courses }) => (
        <div key={batch._id} className="courses__batch">
          <h4 className="courses__batch-name">{batch.name}</h4>
          <div className="courses__grid">
            {courses.map((course) => (
              <ApplyCard
                key={course._id}
                studentId={applying.studentId}
                course={course}
                batch={batch}
                mode={modeOf(batch, course._id)}
                blockedBy={applying.blockedBy}
                courseIndex={applying.courseIndexFor(batch._id)}
                headingLevel={5}
                onApplied={applying.onApplied}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  ));
}
