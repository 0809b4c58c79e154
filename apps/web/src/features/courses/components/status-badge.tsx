import { STATUS_COLOURS, type EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { useT } from '@/features/courses/i18n';

/** A registration's status in the colour of spec section 3 (APPLIED primary … DROPOUT dark). */
export function StatusBadge({ status }: { status: EnrolmentStatus }) {
  const t = useT();
  return (
    <span className={`status-badge status-badge--${STATUS_COLOURS[status]}`}>{t(`status.${status}`)}</span>
  );
}
