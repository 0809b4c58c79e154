import { useT } from '@/features/documents/i18n';

/** Why staff refused the documents, above the slots. */
export function RejectionNote({ reason }: { reason: string | null | undefined }) {
  const t = useT();
  return (
    <div className="documents__rejection">
      <h2 className="documents__rejection-title">{t('rejection.title')}</h2>
      <p>{reason?.trim() || t('rejection.noReason')}</p>
    </div>
  );
}
