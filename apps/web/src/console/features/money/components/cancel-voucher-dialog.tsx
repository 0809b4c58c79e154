import { useState } from 'react';
import { messages } from '@portal/shared/messages';
import { cancelVoucherRequestSchema, type MoneyVoucher } from '@portal/shared/schemas/staff-money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogForm } from '@/console/components/dialog-form';
import { failureMessage } from '@/lib/api-client';
import { useFormat, useMessageText } from '@/lib/i18n';
import { TextAreaField } from '@/console/components/text-area-field';
import { useT } from '@/console/i18n';
import { useCancelVoucher } from '@/console/features/money/api/cancel-voucher';

/** Cancel an unpaid voucher on the student's request: the reason is required and audited. */
export function CancelVoucherDialog(props: { voucher: MoneyVoucher; onClose: () => void }) {
  const t = useT();
  const tm = useMessageText();
  const format = useFormat();
  const cancel = useCancelVoucher();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    // The call's own schema, so that the form refuses what the server would (the spec's message).
    const parsed = cancelVoucherRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.moneyReasonRequired);
      return;
    }
    setError(null);
    cancel.mutate({ voucherId: props.voucher._id, body: parsed.data }, { onSuccess: props.onClose });
  }

  return (
    <DialogForm
      title={t('money.cancel.title', { consumerNumber: props.voucher.consumerNumber })}
      onClose={props.onClose}
      onSubmit={submit}
    >
      <p>
        {t('money.cancel.summary', {
          student: props.voucher.fullName ?? props.voucher.rollNo ?? '',
          course: props.voucher.course,
          quarter: props.voucher.quarter,
          amount: format.number(props.voucher.amount),
        })}
      </p>
      <TextAreaField
        label={t('money.reason')}
        rows={3}
        maxLength={500}
        data-autofocus
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      {cancel.isError ? (
        <Alert tone="error">{tm(failureMessage(cancel.error, { network: messages.serverError }))}</Alert>
      ) : null}
      <Button type="submit" variant="danger" loading={cancel.isPending}>
        {t('money.cancel.submit')}
      </Button>
    </DialogForm>
  );
}
