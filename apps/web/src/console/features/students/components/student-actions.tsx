import { useForm, useWatch } from 'react-hook-form';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { messages } from '@portal/shared/messages';
import type { StudentDetail } from '@portal/shared/schemas/staff';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { failureMessage } from '../../../../lib/api-client';
import { batchOptions, useStaffBatches } from '../../../lib/batches';
import { useGrantBatch } from '../api/grant-batch';
import { useSetOnsite } from '../api/set-onsite';

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
  const { register, handleSubmit, formState, reset, control } = useForm<GrantForm>({
    defaultValues: { batchId: '', course: '', onSiteAllowed: false },
  });
  // Restricted batches first (they are what a grant is for), and only the chosen batch's courses.
  const grantable = [...(batches.data ?? [])].sort((a, b) => Number(b.restricted) - Number(a.restricted));
  const chosenId = useWatch({ control, name: 'batchId' });
  const chosen = batches.data?.find((batch) => batch._id === chosenId);

  return (
    <section className="console-section stack" aria-label="Actions">
      <h2>Actions</h2>
      <label className="console-choice">
        <input
          type="checkbox"
          checked={onsite.isPending ? onsite.variables.allowed : student.onSiteAllowed}
          disabled={onsite.isPending}
          onChange={(event) => onsite.mutate({ id: student._id, allowed: event.target.checked })}
        />{' '}
        Allowed on-site classes
      </label>
      {onsite.isError ? (
        <Alert tone="error">{failureMessage(onsite.error, { network: messages.serverError })}</Alert>
      ) : null}
      <form
        className="filter-bar"
        aria-label="Grant a restricted batch"
        noValidate
        onSubmit={(event) =>
          void handleSubmit((form) =>
            grant.mutate({ id: student._id, ...form }, { onSuccess: () => reset() }),
          )(event)
        }
      >
        <Select
          label="Batch"
          placeholder="Choose"
          options={batchOptions(grantable)}
          error={formState.errors.batchId?.message}
          {...register('batchId', { required: 'Choose the batch' })}
        />
        <Select
          label="Course"
          placeholder="Choose"
          options={(chosen?.courses ?? COURSE_CODES).map((code) => ({ value: code, label: code }))}
          error={formState.errors.course?.message}
          {...register('course', { required: 'Choose the course' })}
        />
        <label className="console-choice">
          <input type="checkbox" {...register('onSiteAllowed')} /> On-site allowed
        </label>
        <Button type="submit" loading={grant.isPending}>
          Grant batch
        </Button>
      </form>
      {grant.isError ? (
        <Alert tone="error">{failureMessage(grant.error, { network: messages.serverError })}</Alert>
      ) : null}
      {grant.isSuccess ? <Alert tone="success">{grant.data.message}</Alert> : null}
    </section>
  );
}
