import { Select } from '@/components/ui/select';
import { useT } from '@/features/courses/i18n';
import type { CourseFilter } from '@/features/courses/utils/catalogue';

interface CourseFiltersProps {
  cities: string[];
  batches: string[];
  filter: CourseFilter;
  onChange: (filter: CourseFilter) => void;
}

/** City and batch: the two ways to shorten New Available Courses. */
export function CourseFilters({ cities, batches, filter, onChange }: CourseFiltersProps) {
  const t = useT();
  return (
    <div className="courses__filters">
      <Select
        label={t('filters.city')}
        placeholder={t('filters.allCities')}
        options={cities.map((city) => ({ value: city, label: city }))}
        value={filter.city}
        onChange={(event) => onChange({ ...filter, city: event.target.value })}
      />
      <Select
        label={t('filters.batch')}
        placeholder={t('filters.allBatches')}
        options={batches.map((batch) => ({ value: batch, label: batch }))}
        value={filter.batch}
        onChange={(event) => onChange({ ...filter, batch: event.target.value })}
      />
    </div>
  );
}
