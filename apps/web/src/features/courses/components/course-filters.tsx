import { Select } from '../../../components/ui/select';
import type { CourseFilter } from '../utils/catalogue';

interface CourseFiltersProps {
  cities: string[];
  batches: string[];
  filter: CourseFilter;
  onChange: (filter: CourseFilter) => void;
}

/** City and batch: the two ways to shorten New Available Courses. */
export function CourseFilters({ cities, batches, filter, onChange }: CourseFiltersProps) {
  return (
    <div className="courses__filters">
      <Select
        label="City"
        placeholder="All cities"
        options={cities.map((city) => ({ value: city, label: city }))}
        value={filter.city}
        onChange={(event) => onChange({ ...filter, city: event.target.value })}
      />
      <Select
        label="Batch"
        placeholder="All batches"
        options={batches.map((batch) => ({ value: batch, label: batch }))}
        value={filter.batch}
        onChange={(event) => onChange({ ...filter, batch: event.target.value })}
      />
    </div>
  );
}
