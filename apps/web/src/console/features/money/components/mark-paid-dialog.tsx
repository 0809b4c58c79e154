import { useId, useState } from 'react';
import { messages } from '@portal/shared/messages';
import { markPaidRequestSchema, type ReconciliationEntry } from '@portal/shared/schemas/staff-money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { useMarkPaid } from '@/console/features/money/api/mark-paid';

type Field = 'tranAuthId' | 'paidDate' | 'reason';

/**
 * Mark paid a voucher the settlement proves paid: tran_auth_id and the date come from the settlement row and
 * may be corrected; the reason is required and goes to the audit log.
 */
export function MarkPaidDialog(props: {
  entry: ReconciliationEntry & { voucherId: string };
  onClose: () => void;
  onPaid: () => void;
}) {
  const { entry } = props;
  const t = useT();
  const tm = useMessageText();
  const markPaid = useMarkPaid();
  const [tranAuthId, setTranAuthId] = useState(entry.tranAuthId ?? '');
  const [paidDate, setPaidDate] = useState(entry.tranDate ?? '');
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit() {
    const body = {
      tranAuthId,
      paidDate,
      reason,
      ...(entry.bank && /^[A-Za-z0-9_-]{1,20}$/.test(entry.bank) ? { bank: entry.bank } : {}),
    };
    const parsed = markPaidRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= field === 'paidDate' ? t('money.markPaid.dateError') : tm(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    markPaid.mutate({ voucherId: entry.voucherId, body: parsed.data }, { onSuccess: props.onPaid });
  }

  return (
    <Dialog
      title={t('money.markPaid.title', { consumerNumber: entry.consumerNumber })}
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
          {t('money.markPaid.summary', {
            line: String(entry.line ?? ''),
            amount: String(entry.settlementAmount ?? ''),
            bank: entry.bank ?? '',
            date: entry.tranDate ?? '',
          })}
        </p>
        <TextField
          label="tran_auth_id"
          inputMode="numeric"
          value={tranAuthId}
          error={errors.tranAuthId}
          onChange={(event) => setTranAuthId(event.target.value)}
        />
        <TextField
          label={t('money.markPaid.paidDate')}
          type="date"
          value={paidDate}
          error={errors.paidDate}
          onChange={(event) => setPaidDate(event.target.value)}
        />
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
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {errors.reason ? (
            <span className="field__error" id={`${reasonId}-error`} role="alert">
              {errors.reason}
            </span>
          ) : null}
        </div>
        {markPaid.isError ? (
          <Alert tone="error">{tm(failureMessage(markPaid.error, { network: messages.serverError }))}</Alert>
        ) : null}
        <Button type="submit" loading={markPaid.isPending}>
          {t('money.markPaid.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
