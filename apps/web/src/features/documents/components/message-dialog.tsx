import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

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
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="documents__dialog-text">{children}</p>
      <Button block onClick={onClose} data-autofocus>
        OK
      </Button>
    </Dialog>
  );
}
