import { formatMessage, messages } from '@portal/shared/messages';
import type { TimeSlot } from '@portal/shared/schemas/fees';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

interface ConfirmChoiceDialogProps {
  /** The onsite slot chosen, or null for Online. */
  slot: TimeSlot | null;
  onAgree: () => void;
  onClose: () => void;
}

/** Spec section 5: the choice cannot be changed once made, so it is confirmed (Disagree / Agree). */
export function ConfirmChoiceDialog({ slot, onAgree, onClose }: ConfirmChoiceDialogProps) {
  return (
    <Dialog title="Confirm your choice" onClose={onClose}>
      <p>
        {slot
          ? formatMessage(messages.confirmCentre, { center: slot.name, campus: slot.campus })
          : messages.confirmOnline}
      </p>
      <div className="fee-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Disagree
        </Button>
        <Button onClick={onAgree}>Agree</Button>
      </div>
    </Dialog>
  );
}
