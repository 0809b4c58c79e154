import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { useCommonT } from '@/lib/i18n';
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

/** Whether Tab can land on a focusable element: not hidden, and of a radio group only the checked one. */
function isTabStop(element: HTMLElement): boolean {
  if (element.closest('[hidden], [inert]')) return false;
  if (!(element instanceof HTMLInputElement)) return true;
  if (element.type === 'hidden') return false;
  if (element.type !== 'radio' || element.checked || !element.form) return true;
  const group = element.form.elements.namedItem(element.name);
  return !(group instanceof RadioNodeList) || group.value === '';
}

/**
 * The modal makes the page inert, but Tab from the last control would still leave for the browser's own
 * toolbar before coming back: wrap from the last control to the first and back, as the ARIA dialog pattern
 * asks, so that a keyboard user never loses the dialog.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  const stops = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(focusable)).filter(isTabStop);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Opens the <dialog> the ref is given to as a modal on mount and moves the focus into it (`data-autofocus`,
 * else the first focusable element); on unmount closes it and gives the focus back to the opener.
 */
function useModal() {
  const ref = useRef<HTMLDialogElement>(null);

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

  return ref;
}

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
  const ref = useModal();
  const titleId = useId();

  function requestClose() {
    if (dismissible) onClose?.();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') {
      keepTabInside(event);
      return;
    }
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
        <DialogHeader titleId={titleId} title={title} onClose={dismissible ? requestClose : undefined} />
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}

/** The dialog's title and, when `onClose` is given, its close button. */
function DialogHeader({
  titleId,
  title,
  onClose,
}: {
  titleId: string;
  title: ReactNode;
  onClose?: () => void;
}) {
  const t = useCommonT();
  return (
    <div className="dialog__header">
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {onClose ? (
        <button type="button" className="dialog__close" aria-label={t('ui.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
