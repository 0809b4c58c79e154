import { cx } from '@/lib/class-names';
import { useCommonT } from '@/lib/i18n';
import './skeleton.css';

interface SkeletonProps {
  /** Text lines to sketch (the last one shorter). */
  lines?: number;
  /** A block above the lines, e.g. a card's picture or a table's header. */
  block?: boolean;
  /** Announced to screen readers while the section loads ('Loading' unless given). */
  label?: string;
  className?: string;
}

/**
 * The shape of a panel whose answer has not arrived yet, so a slow connection shows where things will be
 * instead of a blank space. Screen readers hear one "Loading" instead of the shapes.
 */
export function Skeleton({ lines = 3, block = false, label, className }: SkeletonProps) {
  const t = useCommonT();
  return (
    <div className={cx('skeleton', className)} role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('ui.loading')}</span>
      <div aria-hidden="true">
        {block && <div className="skeleton__block" />}
        {Array.from({ length: lines }, (_, index) => (
          <div
            key={index}
            className={cx('skeleton__line', index === lines - 1 && lines > 1 && 'skeleton__line--short')}
          />
        ))}
      </div>
    </div>
  );
}
