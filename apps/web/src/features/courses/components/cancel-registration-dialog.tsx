import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import {
  cancelCourseRequestSchema,
  type CancelCourseRequest,
  type CourseRegistration,
} from '@portal/shared/schemas/courses';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { FailurePanel } from '../../../components/ui/failure-panel';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { useReferenceLists } from '../../../lib/reference-lists';
import { useCancelCourse } from '../api/cancel-course';
import { Choice, ChoiceGroup } from './choice-group';

type FormValues = z.input<typeof cancelCourseRequestSchema>;

interface CancelRegistrationDialogProps {
  studentId: string;
  registration: CourseRegistration;
  /** The registration's position in the student's list (the entry the answer replaces). */
  courseIndex: number;
  onClose: () => void;
  onCancelled: (message: string) => void;
}

/** Cancel registration: a reason from the reference list, typed out when it is Other (spec section 5). */
export function CancelRegistrationDialog({
  studentId,
  registration,
  courseIndex,
  onClose,
  onCancelled,
}: CancelRegistrationDialogProps) {
  const lists = useReferenceLists();
  const cancel = useCancelCourse(studentId);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, CancelCourseRequest>({
    // The call's own schema: the same rules as the server's, with the spec's messages.
    resolver: zodResolver(cancelCourseRequestSchema),
    defaultValues: { docId: registration._id, cancellationReason: '', otherReason: '', courseIndex },
  });
  const reason = useWatch({ control, name: 'cancellationReason' });

  function send({ docId, cancellationReason, otherReason }: CancelCourseRequest) {
    if (cancel.isPending) return;
    cancel.mutate(
      {
        docId,
        cancellationReason,
        ...(cancellationReason === 'other' ? { otherReason } : {}),
        courseIndex,
      },
      { onSuccess: (answer) => onCancelled(answer.message || messages.registrationCancelled) },
    );
  }

  return (
    <Dialog
      title="Cancel registration"
      dismissible={!cancel.isPending}
      onClose={onClose}
      className="cancel-dialog"
    >
      <p>
        {registration.courseId.name}, {registration.batchName} ({registration.batchId.city})
      </p>
      {lists.isPending ? (
        <Skeleton lines={5} label="Loading the reasons" />
      ) : lists.isError ? (
        <FailurePanel
          error={lists.error}
          networkMessage={messages.coursesFailure}
          retrying={lists.isFetching}
          onRetry={() => void lists.refetch()}
        />
      ) : (
        <form className="cancel-dialog__form" noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
          <ChoiceGroup legend="Why do you want to cancel?" error={errors.cancellationReason?.message}>
            {lists.data.cancelReasons.map((option) => (
              <Choice
                key={option.value}
                value={option.value}
                label={option.label}
                {...register('cancellationReason')}
              />
            ))}
          </ChoiceGroup>
          {reason === 'other' ? (
            <TextField
              label="Your reason"
              maxLength={500}
              autoComplete="off"
              error={errors.otherReason?.message}
              {...register('otherReason')}
            />
          ) : null}
          {errors.docId ? <Alert tone="error">{messages.coursesFailure}</Alert> : null}
          {cancel.isError ? (
            <Alert tone="error">
              {failureMessage(cancel.error, {
                network: messages.coursesFailure,
                fallback: messages.coursesFailure,
              })}
            </Alert>
          ) : null}
          <div className="course-dialog__actions">
            <Button variant="secondary" disabled={cancel.isPending} onClick={onClose}>
              Keep registration
            </Button>
            <Button type="submit" variant="danger" loading={cancel.isPending}>
              Cancel registration
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
