import { useId, useState } from 'react';
import { messages } from '@portal/shared/messages';
import type { MoneyVoucher } from '@portal/shared/schemas/staff-money';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { failureMessage } from '../../../../lib/api-client';
import { useCancelVoucher } from '../api/cancel-voucher';

/** Cancel an unpaid voucher on the student's request: the reason is required and audited. */
export function CancelVoucherDialog(props: { voucher: MoneyVoucher; onClose: () => void }) {
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
    <Dialog title={`Cancel voucher ${props.voucher.consumerNumber}`} onClose={props.onClose}>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>
          {props.voucher.fullName ?? props.voucher.rollNo}, {props.voucher.course} {props.voucher.quarter}:
          Rs. {props.voucher.amount}. Its seat is freed at once.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={reasonId}>
            Reason
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
              {error}
            </span>
          ) : null}
        </div>
        {cancel.isError ? (
          <Alert tone="error">{failureMessage(cancel.error, { network: messages.serverError })}</Alert>
        ) : null}
        <Button type="submit" variant="danger" loading={cancel.isPending}>
          Cancel voucher
        </Button>
      </form>
    </Dialog>
  );
}
