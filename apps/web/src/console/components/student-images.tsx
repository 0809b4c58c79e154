import { useId, type ReactNode } from 'react';
import { DOCUMENT_TYPES } from '@portal/shared/constants/student';
import type { StudentDetail } from '@portal/shared/schemas/staff';
import { useT } from '@/console/i18n';
import { ZoomableImage } from './zoomable-image';

/**
 * The applicant beside their documents (issue 25, item 1): the photo and `children` (their details) in a
 * narrow column, the three documents in the wide one, as wide as it allows, always in the same order, a
 * missing one shown as missing. Where there is little room (a phone), one column, the details first.
 */
export function StudentImages({
  detail,
  children,
}: {
  detail: Pick<StudentDetail, 'photoUrl' | 'documents'>;
  children: ReactNode;
}) {
  const t = useT();
  const keysHint = useId();
  return (
    <div className="document-desk">
      <div className="document-desk__columns">
        <div className="document-desk__applicant">
          <ZoomableImage src={detail.photoUrl} label={t('app.image.photo')} hintId={keysHint} />
          {children}
        </div>
        <div className="document-desk__documents">
          <p className="field__hint document-desk__hint" id={keysHint}>
            {t('app.image.keys')}
          </p>
          {DOCUMENT_TYPES.map((type) => (
            <ZoomableImage
              key={type}
              src={detail.documents.find((document) => document.documentType === type)?.url ?? null}
              label={t(`app.image.${type}`)}
              hintId={keysHint}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
