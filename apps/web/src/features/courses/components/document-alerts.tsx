import { formatMessage, messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useMessageText } from '@/lib/i18n';
import { useRejectionText } from '@/lib/rejection';
import { useT } from '@/features/courses/i18n';

/** Rejected or missing documents stop an application: say so above everything else, with the way out. */
export function DocumentAlerts({ student }: { student: SessionStudent }) {
  const t = useT();
  const tm = useMessageText();
  const rejection = useRejectionText();
  if (student.status === 'Rejected') {
    const params = { reason: rejection(student) || t('documentAlerts.noReason') };
    return (
      <Alert tone="error" className="courses__document-alert">
        <p>{tm(formatMessage(messages.documentsRejectedAlert, params), 'documentsRejectedAlert', params)}</p>
        <Link to="/doc-upload" state={{ isEditing: true, studentDocuments: student.documents }}>
          {t('documentAlerts.uploadAgain')}
        </Link>
      </Alert>
    );
  }
  if (!student.isDocumentUploaded) {
    return (
      <Alert tone="info" className="courses__document-alert">
        <p>{tm(messages.documentsMissingAlert, 'documentsMissingAlert')}</p>
        <Link to="/doc-upload">{t('documentAlerts.upload')}</Link>
      </Alert>
    );
  }
  // Submitted (or submitted again after a rejection): where the student stands (issue 24, point 6).
  if (student.status === 'Pending' && !student.isDocumentVerified) {
    return (
      <Alert tone="info" className="courses__document-alert">
        <p>{t('documentAlerts.awaitingReview')}</p>
      </Alert>
    );
  }
  return null;
}
