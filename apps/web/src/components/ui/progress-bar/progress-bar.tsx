import { cx } from '@/lib/class-names';
import { useFormat } from '@/lib/i18n';
import './progress-bar.css';

interface ProgressBarProps {
  /** Names the bar, e.g. 'Uploading'; the percentage follows it in the visible text. */
  label: string;
  /** From 0 to 1. */
  value: number;
  className?: string;
}

/** How far a long operation has come (an upload on a slow connection), shown and announced. */
export function ProgressBar({ label, value, className }: ProgressBarProps) {
  const format = useFormat();
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  const shown = format.number(percent / 100, { style: 'percent' });
  return (
    <div className={cx('progress-bar', className)}>
      <div className="progress-bar__text" aria-hidden="true">
        <span>{label}</span>
        <span>{shown}</span>
      </div>
      <progress className="progress-bar__track" max={100} value={percent} aria-label={label}>
        {shown}
      </progress>
    </div>
  );
}
