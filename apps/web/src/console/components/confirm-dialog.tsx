import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';

interface ConfirmDialogProps {
  /** The dialog's title (its accessible name), a question such as "Delete this announcement?". */
  title: string;
  /** The sentence explaining what the action does. */
  children: ReactNode;
  /** The danger button's label, such as "Delete". */
  confirmLabel: string;
  /** The mutation the confirm button runs: its state drives the loading button and the error. */
  isPending: boolean;
  isError: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Confirm a destructive action (delete, remove, disable): the explanation, the mutation's failure if any, a
 * danger button that shows progress while the mutation runs, and Cancel.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isPending,
  isError,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const t = useT();
  const failureText = useFailureText();
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="stack">
        <p>{children}</p>
        {isError ? <Alert tone="error">{failureText(error)}</Alert> : null}
        <div className="console-row">
          <Button variant="danger" loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('app.cancel')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
