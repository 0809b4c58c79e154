import { cx } from '@/lib/class-names';
import './spinner.css';

interface SpinnerProps {
  /** Announced to assistive technology; without it the spinner is decoration (e.g. inside a busy button). */
  label?: string;
  size?: 'small' | 'large';
  className?: string;
}

export function Spinner({ label, size = 'small', className }: SpinnerProps) {
  const wheel = <span className={cx('spinner', `spinner--${size}`)} aria-hidden="true" />;
  if (!label) return wheel;
  return (
    <span role="status" className={cx('spinner-status', className)}>
      {wheel}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
