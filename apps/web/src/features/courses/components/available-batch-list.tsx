import type { Batch } from '@portal/shared/schemas/courses';
import { groupByCity, modeOf } from '@/features/courses/utils/catalogue';
import { ApplyCard, type Applying } from './apply-card';

interface AvailableBatchListProps {
  batches: Batch[];
  /** The student's city: listed first. */
  ownCity: string | null;
  applying: Applying;
}

/** The open courses by city, then batch (headings h3, h4, h5 under the section's h2). */
export function AvailableBatchList({ batches, ownCity, applying }: AvailableBatchListProps) {
  return groupByCity(batches, ownCity).map(([city, cityBatches]) => (
    <div key={city} className="courses__city">
      <h3 className="courses__city-name">{city}</h3>
      {cityBatches.map((batch) => (
        <div key={batch._id} className="courses__batch">
          <h4 className="courses__batch-name">{batch.name}</h4>
          <div className="courses__grid">
            {batch.courses.map((course) => (
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
