import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { messages } from '@portal/shared/messages';
import { courseCreateSchema, type CatalogueCourse } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { failureMessage } from '@/lib/api-client';
import { useFieldErrorText, useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
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

function CourseForm(props: { course?: CatalogueCourse; codes: readonly string[]; onSaved?: () => void }) {
  const t = useT();
  const tm = useMessageText();
  const fieldError = useFieldErrorText();
  const save = useSaveCourse();
  const { course } = props;
  const blank: Fields = {
    code: props.codes[0] ?? '',
    name: '',
    shortDescription: '',
    courseColor: '#0b5394',
  };
  const defaults: Fields = course
    ? {
        code: course.code,
        name: course.name,
        shortDescription: course.shortDescription,
        courseColor: course.courseColor,
      }
    : blank;
  const { register, handleSubmit, formState, reset } = useForm<Fields, unknown, Values>({
    resolver: zodResolver(courseCreateSchema),
    defaultValues: course
      ? {
          code: course.code,
          name: course.name,
          shortDescription: course.shortDescription,
          courseColor: course.courseColor,
        }
      : blank,
  });
  const { errors } = formState;

  function onSubmit({ code, ...body }: Values) {
    if (course) save.mutate({ id: course._id, body }, { onSuccess: () => props.onSaved?.() });
    else save.mutate({ body: { code, ...body } }, { onSuccess: () => reset(blank) });
  }

  return (
    <form className="console-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Select
        label={t('catalogue.courses.code')}
        options={optionsOf(props.codes)}
        defaultValue={defaults.code}
        {...register('code')}
      />
      <TextField
        label={t('catalogue.fields.name')}
        error={fieldError(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('catalogue.courses.shortDescription')}
        error={fieldError(errors.shortDescription?.message)}
        {...register('shortDescription')}
      />
      <TextField
        label={t('catalogue.courses.colour')}
        hint="#rrggbb"
        error={fieldError(errors.courseColor?.message)}
        {...register('courseColor')}
      />
      <div className="console-row">
        <Button type="submit" loading={save.isPending}>
          {course ? t('catalogue.actions.save') : t('catalogue.courses.create')}
        </Button>
      </div>
      {save.isError ? (
        <Alert tone="error">{tm(failureMessage(save.error, { network: messages.serverError }))}</Alert>
      ) : null}
    </form>
  );
}
