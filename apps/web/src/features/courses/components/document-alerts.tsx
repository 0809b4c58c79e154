import { formatMessage, messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';

/** Rejected or missing documents stop an application: say so above everything else, with the way out. */
export function DocumentAlerts({ student }: { student: SessionStudent }) {
  if (student.status === 'Rejected') {
    return (
      <Alert tone="error" className="courses__document-alert">
        <p>
          {formatMessage(messages.documentsRejectedAlert, {
            reason: student.rejectreason?.trim() || 'they could not be accepted',
          })}
        </p>
        <Link to="/doc-upload" state={{ isEditing: true, studentDocuments: student.documents }}>
          Upload documents again
        </Link>
      </Alert>
    );
  }
  if (!student.isDocumentUploaded) {
    return (
      <Alert tone="info" className="courses__document-alert">
        <p>{messages.documentsMissingAlert}</p>
        <Link to="/doc-upload">Upload documents</Link>
      </Alert>
    );
  }
  return null;
}
