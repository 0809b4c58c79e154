import { useId, useState } from 'react';
import { messages } from '@portal/shared/messages';
import type { MoneyVoucher } from '@portal/shared/schemas/staff-money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { failureMessage } from '@/lib/api-client';
import { useFormat, useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { useCancelVoucher } from '@/console/features/money/api/cancel-voucher';

/** Cancel an unpaid voucher on the student's request: the reason is required and audited. */
export function CancelVoucherDialog(props: { voucher: MoneyVoucher; onClose: () => void }) {
  const t = useT();
  const tm = useMessageText();
  const format = useFormat();
  const cancel = useCancelVoucher();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (reason.trim().length < 3) {
      setError(messages.moneyReasonRequired);
      return;
    }
    setError(null);
    cancel.mutate(
      { voucherId: props.voucher._id, body: { reason: reason.trim() } },
      { onSuccess: props.onClose },
    );
  }

  return (
    <Dialog
      title={t('money.cancel.title', { consumerNumber: props.voucher.consumerNumber })}
      onClose={props.onClose}
    >
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>
          {t('money.cancel.summary', {
            student: props.voucher.fullName ?? props.voucher.rollNo ?? '',
            course: props.voucher.course,
            quarter: props.voucher.quarter,
            amount: format.number(props.voucher.amount, { useGrouping: false }),
          })}
        </p>
        <div className="field">
          <label className="field__label" htmlFor={reasonId}>
            {t('money.reason')}
          </label>
          <textarea
            id={reasonId}
            className="field__control"
            rows={3}
            maxLength={500}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${reasonId}-error` : undefined}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {error ? (
            <span className="field__error" id={`${reasonId}-error`} role="alert">
              {tm(error)}
            </span>
          ) : null}
        </div>
        {cancel.isError ? (
          <Alert tone="error">{tm(failureMessage(cancel.error, { network: messages.serverError }))}</Alert>
        ) : null}
        <Button type="submit" variant="danger" loading={cancel.isPending}>
          {t('money.cancel.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
