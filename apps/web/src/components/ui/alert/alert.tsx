import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import './alert.css';

interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A message about the page's state; errors interrupt (role=alert), the rest are polite (role=status). */
export function Alert({ tone = 'info', id, className, children }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('alert', `alert--${tone}`, className)}
    >
      {children}
    </div>
  );
}
