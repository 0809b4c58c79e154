import { useRejectionText, type RejectionFields } from '@/lib/rejection';
import { useT } from '@/features/documents/i18n';

/** Why staff refused the documents, above the slots, in the page's language (decision 0044). */
export function RejectionNote({ student }: { student: RejectionFields }) {
  const t = useT();
  const rejection = useRejectionText();
  return (
    <div className="documents__rejection">
      <h2 className="documents__rejection-title">{t('rejection.title')}</h2>
      <p>{rejection(student) || t('rejection.noReason')}</p>
    </div>
  );
}
