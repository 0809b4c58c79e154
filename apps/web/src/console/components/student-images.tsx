import { DOCUMENT_TYPES } from '@portal/shared/constants/student';
import type { StudentDetail } from '@portal/shared/schemas/staff';
import { useT } from '@/console/i18n';
import { ZoomableImage } from './zoomable-image';

/** The photo and the three documents, always in the same order, a missing one shown as missing. */
export function StudentImages({ detail }: { detail: Pick<StudentDetail, 'photoUrl' | 'documents'> }) {
  const t = useT();
  return (
    <div className="review-panel__images">
      <ZoomableImage src={detail.photoUrl} label={t('app.image.photo')} />
      {DOCUMENT_TYPES.map((type) => (
        <ZoomableImage
          key={type}
          src={detail.documents.find((document) => document.documentType === type)?.url ?? null}
          label={t(`app.image.${type}`)}
        />
      ))}
    </div>
  );
}
