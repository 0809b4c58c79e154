import { COURSE_CODES } from '@portal/shared/constants/courses';
import { COURSE_MODES } from '@portal/shared/constants/enrolment';
import { Select } from '@/components/ui/select';
import { useT } from '@/console/i18n';

export type CourseModes = Partial<Record<(typeof COURSE_CODES)[number], (typeof COURSE_MODES)[number]>>;

/** One choice per course: not offered, onsite, online or both. */
export function CourseModesField(props: { value: CourseModes; onChange: (next: CourseModes) => void }) {
  const t = useT();
  const modeOptions = [
    { value: '', label: t('catalogue.modes.notOffered') },
    ...COURSE_MODES.map((mode) => ({ value: mode, label: t(`catalogue.modes.${mode}`) })),
  ];
  return (
    <fieldset className="console-form">
      <legend>{t('catalogue.modes.legend')}</legend>
      {COURSE_CODES.map((code) => (
        <Select
          key={code}
          label={t('catalogue.modes.modeOf', { code })}
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
