import { formatMessage, messages } from '@portal/shared/messages';
import type { TimeSlot } from '@portal/shared/schemas/fees';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/features/fees/i18n';

interface ConfirmChoiceDialogProps {
  /** The onsite slot chosen, or null for Online. */
  slot: TimeSlot | null;
  /** The registration was made for onsite classes: an Online voucher changes that, and says so. */
  appliedOnsite: boolean;
  onAgree: () => void;
  onClose: () => void;
}

/** Spec section 5: the choice cannot be changed once made, so it is confirmed (Disagree / Agree). */
export function ConfirmChoiceDialog({ slot, appliedOnsite, onAgree, onClose }: ConfirmChoiceDialogProps) {
  const t = useT();
  const tm = useMessageText();
  const place = slot ? { center: slot.name, campus: slot.campus } : undefined;
  return (
    <Dialog title={t('confirm.title')} onClose={onClose}>
      <p>
        {place
          ? tm(formatMessage(messages.confirmCentre, place), 'confirmCentre', place)
          : tm(messages.confirmOnline, 'confirmOnline')}
      </p>
      {!slot && appliedOnsite ? <p>{t('confirm.fromOnsite')}</p> : null}
      <div className="fee-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('confirm.disagree')}
        </Button>
        <Button onClick={onAgree}>{t('confirm.agree')}</Button>
      </div>
    </Dialog>
  );
}
