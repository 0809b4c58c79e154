import type { ComponentProps, MouseEvent } from 'react';
import { cx } from '@/lib/class-names';
import { Spinner } from '@/components/ui/spinner';
import './button.css';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  /** A request is in flight: shows a spinner and ignores presses while keeping keyboard focus. */
  loading?: boolean;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  block = false,
  type = 'button',
  className,
  children,
  onClick,
  ...props
}: ButtonProps) {
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    // aria-disabled rather than disabled: a disabled button drops the keyboard focus.
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <button
      type={type}
      className={cx('button', `button--${variant}`, block && 'button--block', className)}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
