import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';

/**
 * A dialog that is one form (a reason to give, a payment to record, a role to choose): Enter or its button sends
 * it, and the page's own checks, on the shared schema, speak instead of the browser's (noValidate).
 */
export function DialogForm(props: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
      </form>
    </Dialog>
  );
}
