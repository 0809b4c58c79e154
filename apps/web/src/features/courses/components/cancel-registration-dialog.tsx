import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import {
  cancelCourseRequestSchema,
  type CancelCourseRequest,
  type CourseRegistration,
} from '@portal/shared/schemas/courses';
import type { ReferenceLists } from '@portal/shared/schemas/profile';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from '@portal/shared/schemas/zod';
import { Alert } from '@/components/ui/alert';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useMessageText } from '@/lib/i18n';
import { useReferenceLists } from '@/lib/reference-lists';
import { useCancelCourse } from '@/features/courses/api/cancel-course';
import { useFailureMessage } from '@/lib/use-failure-message';
import { useT } from '@/features/courses/i18n';
import { Choice, ChoiceGroup } from '@/components/ui/choice-group';
import type { Announce } from './course-notice';

type FormValues = z.input<typeof cancelCourseRequestSchema>;

interface CancelRegistrationDialogProps {
  studentId: string;
  registration: CourseRegistration;
  /** The registration's position in the student's list (the entry the answer replaces). */
  courseIndex: number;
  onClose: () => void;
  onCancelled: Announce;
}

/** Cancel registration: a reason from the reference list, typed out when it is Other (spec section 5). */
export function CancelRegistrationDialog({
  studentId,
  registration,
  courseIndex,
  onClose,
  onCancelled,
}: CancelRegistrationDialogProps) {
  const t = useT();
  const tm = useMessageText();
  const lists = useReferenceLists();
  const form = useCancelForm({
    studentId,
    registrationId: registration._id,
    courseIndex,
    onCancelled,
  });

  return (
    <Dialog title={t('cancel.title')} dismissible={!form.sending} onClose={onClose} className="cancel-dialog">
      <p>
        {t('cancel.registration', {
          course: registration.courseId.name,
          batch: registration.batchName,
          city: registration.batchId.city,
        })}
      </p>
      {lists.isPending ? (
        <Skeleton lines={5} label={t('cancel.loadingReasons')} />
      ) : lists.isError ? (
        <QueryFailure query={lists} networkMessage={tm(messages.coursesFailure, 'coursesFailure')} />
      ) : (
        <CancelReasonForm reasons={lists.data.cancelReasons} form={form} onClose={onClose} />
      )}
    </Dialog>
  );
}

interface CancelTarget {
  studentId: string;
  registrationId: string;
  courseIndex: number;
  onCancelled: Announce;
}

/** The reason's fields, checked with the call's own schema, and the call that cancels. */
function useCancelForm({ studentId, registrationId, courseIndex, onCancelled }: CancelTarget) {
  const cancel = useCancelCourse(studentId);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, CancelCourseRequest>({
    // The call's own schema: the same rules as the server's, with the spec's messages.
    resolver: zodResolver(cancelCourseRequestSchema),
    defaultValues: { docId: registrationId, cancellationReason: '', otherReason: '', courseIndex },
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
      {
        onSuccess: (answer) =>
          answer.message
            ? onCancelled(answer.message, answer.code, answer.params)
            : onCancelled(messages.registrationCancelled),
      },
    );
  }

  return {
    register,
    errors,
    reason,
    submit: (event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event),
    sending: cancel.isPending,
    failure: cancel.isError ? cancel.error : null,
  };
}

interface CancelReasonFormProps {
  reasons: ReferenceLists['cancelReasons'];
  form: ReturnType<typeof useCancelForm>;
  onClose: () => void;
}

/** The reasons to choose from, Other's text, what went wrong, and Keep or Cancel. */
function CancelReasonForm({ reasons, form, onClose }: CancelReasonFormProps) {
  const t = useT();
  const tm = useMessageText();
  const failureText = useFailureMessage();
  const { register, errors, reason, submit, sending, failure } = form;
  // The form's checks give the spec's messages (the call's schema): shown in the page's language.

  return (
    <form className="cancel-dialog__form" noValidate onSubmit={submit}>
      <ChoiceGroup legend={t('cancel.why')} error={errors.cancellationReason?.message}>
        {reasons.map((option) => (
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
          label={t('cancel.yourReason')}
          maxLength={500}
          autoComplete="off"
          error={errors.otherReason?.message}
          {...register('otherReason')}
        />
      ) : null}
      {errors.docId ? <Alert tone="error">{tm(messages.coursesFailure, 'coursesFailure')}</Alert> : null}
      {failure ? (
        <Alert tone="error">{failureText(failure, { network: messages.coursesFailure })}</Alert>
      ) : null}
      <div className="course-dialog__actions">
        <Button variant="secondary" disabled={sending} onClick={onClose}>
          {t('cancel.keep')}
        </Button>
        <Button type="submit" variant="danger" loading={sending}>
          {t('cancel.submit')}
        </Button>
      </div>
    </form>
  );
}
