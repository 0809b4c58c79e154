import { useForm, useWatch } from 'react-hook-form';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import type { StudentDetail } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { useT } from '@/console/i18n';
import { useAnswerText, useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';
import { useGrantBatch } from '@/console/features/students/api/grant-batch';
import { useSetOnsite } from '@/console/features/students/api/set-onsite';

interface GrantForm {
  batchId: string;
  course: string;
  onSiteAllowed: boolean;
}

/** What admissions may change on a student: on-site classes, and a restricted batch opened to them. */
export function StudentActions({ detail }: { detail: StudentDetail }) {
  const { student } = detail;
  const onsite = useSetOnsite();
  const grant = useGrantBatch();
  const batches = useStaffBatches();
  const t = useT();
  const failureText = useFailureText();
  const answerText = useAnswerText();
  const { register, handleSubmit, formState, reset, control, trigger } = useForm<GrantForm>({
    defaultValues: { batchId: '', course: '', onSiteAllowed: false },
  });
  useRecheckOnLanguage(formState.errors, trigger);
  // Restricted batches first (they are what a grant is for), and only the chosen batch's courses.
  const grantable = [...(batches.data ?? [])].sort((a, b) => Number(b.restricted) - Number(a.restricted));
  const chosenId = useWatch({ control, name: 'batchId' });
  const chosen = batches.data?.find((batch) => batch._id === chosenId);

  return (
    <section className="console-section stack" aria-label={t('students.actions.title')}>
      <h2>{t('students.actions.title')}</h2>
      <label className="console-choice">
        <input
          type="checkbox"
          checked={onsite.isPending ? onsite.variables.allowed : student.onSiteAllowed}
          disabled={onsite.isPending}
          onChange={(event) => onsite.mutate({ id: student._id, allowed: event.target.checked })}
        />{' '}
        {t('students.actions.onsite')}
      </label>
      {onsite.isError ? <Alert tone="error">{failureText(onsite.error)}</Alert> : null}
      <form
        className="filter-bar"
        aria-label={t('students.actions.grantForm')}
        noValidate
        onSubmit={(event) =>
          void handleSubmit((form) =>
            grant.mutate({ id: student._id, ...form }, { onSuccess: () => reset() }),
          )(event)
        }
      >
        <Select
          label={t('students.batch')}
          placeholder={t('app.choose')}
          options={batchOptions(grantable)}
          error={formState.errors.batchId?.message}
          {...register('batchId', { required: t('students.actions.batchRequired') })}
        />
        <Select
          label={t('students.course')}
          placeholder={t('app.choose')}
          options={(chosen?.courses ?? COURSE_CODES).map((code) => ({ value: code, label: code }))}
          error={formState.errors.course?.message}
          {...register('course', { required: t('students.actions.courseRequired') })}
        />
        <label className="console-choice">
          <input type="checkbox" {...register('onSiteAllowed')} /> {t('students.actions.onSiteAllowed')}
        </label>
        <Button type="submit" loading={grant.isPending}>
          {t('students.actions.grant')}
        </Button>
      </form>
      {grant.isError ? <Alert tone="error">{failureText(grant.error)}</Alert> : null}
      {grant.isSuccess ? <Alert tone="success">{answerText(grant.data)}</Alert> : null}
    </section>
  );
}
