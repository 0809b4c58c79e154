import { isRejectReasonCode, REJECT_REASON_TEXTS } from '@portal/shared/constants/staff';
import { useMessageText } from '@/lib/i18n';

/** What a rejected student's answer says of the rejection (decision 0044). */
export interface RejectionFields {
  rejectreason: string | null;
  rejectReasonCode: string | null;
  rejectReasonNote: string | null;
}

/**
 * The rejection's reason in the page's language: the picked reason translated, then the reviewer's own
 * words as typed; a rejection from before the codes, its stored text. Empty when there is none.
 */
export function useRejectionText() {
  const tm = useMessageText();
  return (fields: RejectionFields): string => {
    const code = fields.rejectReasonCode;
    if (!code || !isRejectReasonCode(code)) return fields.rejectreason?.trim() ?? '';
    const picked = tm(REJECT_REASON_TEXTS[code], code);
    return [picked, fields.rejectReasonNote?.trim()].filter(Boolean).join('. ');
  };
}
