import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ dismissible, onClose }: { dismissible: boolean; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog
          title="Choose"
          dismissible={dismissible}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <button type="button">First</button>
          <input aria-label="Wanted" data-autofocus />
        </Dialog>
      ) : null}
    </>
  );
}

async function openDialog(dismissible: boolean) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<Harness dismissible={dismissible} onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, onClose, opener, dialog: screen.getByRole('dialog', { name: 'Choose' }) };
}

describe('Dialog', () => {
  it('opens as a modal, focuses the marked element and gives focus back on close', async () => {
    const { user, opener, dialog } = await openDialog(true);
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByLabelText('Wanted')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['a click on the backdrop', (_: unknown, dialog: HTMLElement) => fireEvent.click(dialog)],
    [
      'a close request (cancel)',
      (_: unknown, dialog: HTMLElement) => fireEvent(dialog, new Event('cancel', { cancelable: true })),
    ],
  ] as const)('closes on %s when dismissible', async (_, act) => {
    const { user, onClose, dialog } = await openDialog(true);
    await act(user, dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['a click on the backdrop', (_: unknown, dialog: HTMLElement) => fireEvent.click(dialog)],
  ] as const)('stays open on %s when not dismissible', async (_, act) => {
    const { user, onClose, dialog } = await openDialog(false);
    await act(user, dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('keeps the browser from closing a non-dismissible dialog on a close request', async () => {
    const { onClose, dialog } = await openDialog(false);
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close on a click inside the box', async () => {
    const { user, onClose } = await openDialog(true);
    await user.click(screen.getByRole('button', { name: 'First' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps Tab inside: from the last control to the first, and Shift+Tab back', async () => {
    const { user, dialog } = await openDialog(true);
    const close = screen.getByRole('button', { name: 'Close' });
    const first = screen.getByRole('button', { name: 'First' });
    const wanted = screen.getByLabelText('Wanted');
    expect(wanted).toHaveFocus();

    await user.tab();
    expect(close).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(wanted).toHaveFocus();
    await user.tab({ shift: true });
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(wanted).toHaveFocus();
  });

  it('moves focus into the dialog, Escape closes it, and focus goes back to the opener', async () => {
    const { user, opener, dialog } = await openDialog(true);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
