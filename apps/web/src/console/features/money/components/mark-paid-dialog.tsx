import { useState } from 'react';
import { messages } from '@portal/shared/messages';
import { markPaidRequestSchema, type ReconciliationEntry } from '@portal/shared/schemas/staff-money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogForm } from '@/console/components/dialog-form';
import { TextField } from '@/components/ui/text-field';
import { failureMessage } from '@/lib/api-client';
import { useFormat, useMessageText } from '@/lib/i18n';
import { TextAreaField } from '@/console/components/text-area-field';
import { useT } from '@/console/i18n';
import { useMarkPaid } from '@/console/features/money/api/mark-paid';

type Field = 'tranAuthId' | 'paidDate' | 'reason';
type PayableEntry = ReconciliationEntry & { voucherId: string };

/**
 * Mark paid a voucher the settlement proves paid: tran_auth_id and the date come from the settlement row and
 * may be corrected; the reason is required and goes to the audit log.
 */
export function MarkPaidDialog(props: { entry: PayableEntry; onClose: () => void; onPaid: () => void }) {
  const { entry } = props;
  const t = useT();
  const tm = useMessageText();
  const form = useMarkPaidForm(entry, props.onPaid);
  const { markPaid, errors } = form;

  return (
    <DialogForm
      title={t('money.markPaid.title', { consumerNumber: entry.consumerNumber })}
      onClose={props.onClose}
      onSubmit={() => form.submit()}
    >
      <SettlementRowSummary entry={entry} />
      <TextField
        label="tran_auth_id"
        inputMode="numeric"
        value={form.tranAuthId}
        error={errors.tranAuthId}
        onChange={(event) => form.setTranAuthId(event.target.value)}
      />
      <TextField
        label={t('money.markPaid.paidDate')}
        type="date"
        value={form.paidDate}
        error={errors.paidDate}
        onChange={(event) => form.setPaidDate(event.target.value)}
      />
      {/* The required reason, for the audit log; it takes the focus when the dialog opens. */}
      <TextAreaField
        label={t('money.reason')}
        rows={3}
        maxLength={500}
        data-autofocus
        value={form.reason}
        error={errors.reason}
        onChange={(event) => form.setReason(event.target.value)}
      />
      {markPaid.isError ? (
        <Alert tone="error">{tm(failureMessage(markPaid.error, { network: messages.serverError }))}</Alert>
      ) : null}
      <Button type="submit" loading={markPaid.isPending}>
        {t('money.markPaid.submit')}
      </Button>
    </DialogForm>
  );
}

/**
 * The form's fields, started from the settlement row, and its sending: checked against the request's schema
 * first, each field's first problem shown under it; the bank goes along when it is a plain code.
 */
function useMarkPaidForm(entry: PayableEntry, onPaid: () => void) {
  const t = useT();
  const tm = useMessageText();
  const markPaid = useMarkPaid();
  const [tranAuthId, setTranAuthId] = useState(entry.tranAuthId ?? '');
  const [paidDate, setPaidDate] = useState(entry.tranDate ?? '');
  const [reason, setReason] = useState('');
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
    markPaid.mutate({ voucherId: entry.voucherId, body: parsed.data }, { onSuccess: onPaid });
  }

  return { markPaid, tranAuthId, setTranAuthId, paidDate, setPaidDate, reason, setReason, errors, submit };
}

/** The settlement row being marked paid: its line, amount, bank and date. */
function SettlementRowSummary({ entry }: { entry: PayableEntry }) {
  const t = useT();
  const format = useFormat();
  return (
    <p>
      {t('money.markPaid.summary', {
        line: String(entry.line ?? ''),
        amount: entry.settlementAmount === null ? '' : format.number(entry.settlementAmount),
        bank: entry.bank ?? '',
        date: entry.tranDate ?? '',
      })}
    </p>
  );
}
