import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useT } from '@/features/documents/i18n';

/** One of the spec's two document dialogs: a title, a sentence and OK. */
export function MessageDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: string;
}) {
  const t = useT();
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="documents__dialog-text">{children}</p>
      <Button block onClick={onClose} data-autofocus>
        {t('dialog.ok')}
      </Button>
    </Dialog>
  );
}
