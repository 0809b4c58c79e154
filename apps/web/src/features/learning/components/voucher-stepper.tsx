import { messages } from '@portal/shared/messages';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/features/learning/i18n';
import { useFormatDate } from '@/features/learning/utils/format-date';
import type { VoucherStep } from '@/features/learning/utils/voucher-steps';

/** The voucher status as a vertical stepper: an ordered list, one step per paid quarter, then what waits. */
export function VoucherStepper({ steps, labelledBy }: { steps: VoucherStep[]; labelledBy: string }) {
  const t = useT();
  const tm = useMessageText();
  const formatDate = useFormatDate();
  return (
    <ol className="voucher-steps" aria-labelledby={labelledBy}>
      {steps.map((step) => (
        <li key={step.id} className={`voucher-step voucher-step--${step.kind}`}>
          <span className="voucher-step__quarter">{step.quarter}</span>
          <span className="visually-hidden"> — </span>
          <span className="voucher-step__detail">
            {step.kind === 'paid'
              ? step.paidDate
                ? t('dashboard.voucherSteps.paidOn', { date: formatDate(step.paidDate) })
                : t('dashboard.voucherSteps.paid')
              : tm(messages.voucherNotPaidStep, 'voucherNotPaidStep')}
          </span>
        </li>
      ))}
    </ol>
  );
}
