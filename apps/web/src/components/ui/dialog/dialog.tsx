import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import { useCommonT } from '../../../lib/i18n';
import './dialog.css';

interface DialogProps {
  title: ReactNode;
  /** Called when the person asks to close (Escape, the close button, a click outside) if `dismissible`. */
  onClose?: () => void;
  /** false: only the dialog's own buttons close it (e.g. 'Account Created'). */
  dismissible?: boolean;
  variant?: 'center' | 'drawer-start' | 'drawer-end';
  className?: string;
  children: ReactNode;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the native <dialog> (showModal: the page behind is inert and focus stays inside). Render it to
 * open it and stop rendering it to close it. Focus goes to the element marked `data-autofocus`, else the
 * first focusable one, and returns to the opener on close.
 */
export function Dialog({
  title,
  onClose,
  dismissible = true,
  variant = 'center',
  className,
  children,
}: DialogProps) {
  const t = useCommonT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(focusable);
    (first ?? dialog).focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function requestClose() {
    if (dismissible) onClose?.();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return;
    // The browser would close the dialog itself; React's state decides instead.
    event.preventDefault();
    requestClose();
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    // The dialog box has no padding of its own, so a click on the <dialog> itself is a click on the backdrop.
    if (event.target === event.currentTarget) requestClose();
  }

  return (
    <dialog
      ref={ref}
      className={cx('dialog', `dialog--${variant}`, className)}
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
    >
      <div className="dialog__box">
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className="dialog__close" aria-label={t('ui.close')} onClick={requestClose}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
