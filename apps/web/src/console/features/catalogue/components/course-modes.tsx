import { COURSE_CODES } from '@portal/shared/constants/courses';
import { COURSE_MODES } from '@portal/shared/constants/enrolment';
import { Select } from '../../../../components/ui/select';

export type CourseModes = Partial<Record<(typeof COURSE_CODES)[number], (typeof COURSE_MODES)[number]>>;

const modeOptions = [
  { value: '', label: 'Not offered' },
  ...COURSE_MODES.map((mode) => ({ value: mode, label: mode })),
];

/** One choice per course: not offered, onsite, online or both. */
export function CourseModesField(props: { value: CourseModes; onChange: (next: CourseModes) => void }) {
  return (
    <fieldset className="console-form">
      <legend>Courses and modes</legend>
      {COURSE_CODES.map((code) => (
        <Select
          key={code}
          label={`Mode of ${code}`}
          options={modeOptions}
          value={props.value[code] ?? ''}
          onChange={(event) => {
            const next = { ...props.value };
            if (event.target.value === '') delete next[code];
            else next[code] = event.target.value as (typeof COURSE_MODES)[number];
            props.onChange(next);
          }}
        />
      ))}
    </fieldset>
  );
}

export function entriesOf(modes: CourseModes) {
  return Object.entries(modes).map(([course, mode]) => ({ course, mode: mode }));
}
