import { messages } from '@portal/shared/messages';
import { formatDate } from '../utils/format-date';
import type { VoucherStep } from '../utils/voucher-steps';

/** The voucher status as a vertical stepper: an ordered list, one step per paid quarter, then what waits. */
export function VoucherStepper({ steps, labelledBy }: { steps: VoucherStep[]; labelledBy: string }) {
  return (
    <ol className="voucher-steps" aria-labelledby={labelledBy}>
      {steps.map((step) => (
        <li key={step.id} className={`voucher-step voucher-step--${step.kind}`}>
          <span className="voucher-step__quarter">{step.quarter}</span>
          <span className="visually-hidden"> — </span>
          <span className="voucher-step__detail">
            {step.kind === 'paid'
              ? step.paidDate
                ? `Paid on ${formatDate(step.paidDate)}`
                : 'Paid'
              : messages.voucherNotPaidStep}
          </span>
        </li>
      ))}
    </ol>
  );
}
