import { useState } from 'react';
import type { z } from '@portal/shared/schemas/zod';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { courseCreateSchema, type CatalogueCourse } from '@portal/shared/schemas/staff-catalogue';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useT } from '@/console/i18n';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import { optionsOf } from '@/console/components/filter-bar';
import { QueryState } from '@/console/components/query-state';
import { ListTable } from '@/console/components/list-table';
import { useCatalogueCourses, useSaveCourse } from '@/console/features/catalogue/api/courses';
import '@/console/features/catalogue/components/catalogue.css';

type Fields = z.input<typeof courseCreateSchema>;
type Values = z.output<typeof courseCreateSchema>;

export function CoursesRoute() {
  const t = useT();
  const courses = useCatalogueCourses();
  const [editing, setEditing] = useState<CatalogueCourse | null>(null);
  const free = COURSE_CODES.filter((code) => !(courses.data ?? []).some((course) => course.code === code));

  return (
    <div className="stack">
      <h1>{t('catalogue.courses.title')}</h1>
      <QueryState query={courses} />
      {courses.data && free.length > 0 ? (
        <section className="console-section stack" aria-label={t('catalogue.courses.createHeading')}>
          <h2>{t('catalogue.courses.createHeading')}</h2>
          <CourseForm codes={free} />
        </section>
      ) : null}
      {courses.data ? (
        <ListTable
          label={t('catalogue.courses.title')}
          caption={t('catalogue.courses.title')}
          rows={courses.data}
          rowKey={(course) => course._id}
          columns={[
            { key: 'code', header: t('catalogue.courses.code'), cell: (course) => course.code },
            { key: 'name', header: t('catalogue.fields.name'), cell: (course) => course.name },
            {
              key: 'shortDescription',
              header: t('catalogue.courses.shortDescription'),
              cell: (course) => course.shortDescription,
            },
            {
              key: 'colour',
              header: t('catalogue.courses.colour'),
              cell: (course) => (
                <>
                  <span aria-hidden="true" style={{ color: course.courseColor }}>
                    ■
                  </span>{' '}
                  {course.courseColor}
                </>
              ),
            },
            {
              key: 'actions',
              header: t('catalogue.actions.actions'),
              headerHidden: true,
              cell: (course) => (
                <Button variant="secondary" onClick={() => setEditing(course)}>
                  {t('catalogue.actions.edit')}
                  <span className="visually-hidden"> {course.code}</span>
                </Button>
              ),
            },
          ]}
        />
      ) : null}
      {editing ? (
        <Dialog
          title={t('catalogue.courses.editTitle', { code: editing.code })}
          onClose={() => setEditing(null)}
        >
          <CourseForm course={editing} codes={[editing.code]} onSaved={() => setEditing(null)} />
        </Dialog>
      ) : null}
    </div>
  );
}

/** Creates a course with one of the free codes, or edits `course` (its code stays). */
function CourseForm(props: { course?: CatalogueCourse; codes: readonly string[]; onSaved?: () => void }) {
  const t = useT();
  const save = useSaveCourse();
  const { course } = props;
  const blank: Fields = {
    code: props.codes[0] ?? '',
    name: '',
    shortDescription: '',
    courseColor: '#0b5394',
  };
  const fields: EntityField<Fields, Values>[] = [
    { name: 'code', label: t('catalogue.courses.code'), kind: 'select', options: optionsOf(props.codes) },
    { name: 'name', label: t('catalogue.fields.name'), kind: 'text' },
    { name: 'shortDescription', label: t('catalogue.courses.shortDescription'), kind: 'text' },
    { name: 'courseColor', label: t('catalogue.courses.colour'), kind: 'text', hint: '#rrggbb' },
  ];
  return (
    <EntityForm
      schema={courseCreateSchema}
      fields={fields}
      defaultValues={
        course
          ? {
              code: course.code,
              name: course.name,
              shortDescription: course.shortDescription,
              courseColor: course.courseColor,
            }
          : blank
      }
      submitLabel={course ? t('catalogue.actions.save') : t('catalogue.courses.create')}
      save={save}
      onSubmit={({ code, ...body }, form) => {
        if (course) save.mutate({ id: course._id, body }, { onSuccess: () => props.onSaved?.() });
        else save.mutate({ body: { code, ...body } }, { onSuccess: () => form.reset(blank) });
      }}
    />
  );
}
