import { DOCUMENT_TYPES, type DocumentType } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FailurePanel } from '@/components/ui/failure-panel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useStudentInfoRefresh } from '@/lib/student-info';
import { DocumentSlot } from '@/features/documents/components/document-slot';
import { MessageDialog } from '@/features/documents/components/message-dialog';
import { RejectionNote } from '@/features/documents/components/rejection-note';
import { useDocumentChoices } from '@/features/documents/hooks/use-document-choices';
import { useDocumentsUpload } from '@/features/documents/hooks/use-documents-upload';
import { useT } from '@/features/documents/i18n';
import {
  canEditDocuments,
  documentsOnFile,
  readState,
  slotLabels,
} from '@/features/documents/utils/documents-state';
import '@/features/documents/components/documents.css';

/** /doc-upload: the three pictures of spec section 2, first upload or editing. */
export function DocUploadRoute() {
  const { student } = useSession();
  const location = useLocation();
  // Decided on arrival: after a successful upload this screen leaves for /courses itself.
  const [arrival] = useState(() => ({
    profileComplete: student?.isProfileComplete ?? false,
    documentsUploaded: student?.isDocumentUploaded ?? false,
  }));
  if (!student) return null; // RequireSession renders this route only with a session

  const navigation = readState(location.state as unknown);
  if (!arrival.profileComplete) return <Navigate to="/profile" replace />;
  // A rejected student comes back here to replace what was refused, from any link.
  const isEditing = arrival.documentsUploaded && (navigation.isEditing || student.status === 'Rejected');
  if (!isEditing && arrival.documentsUploaded) return <Navigate to="/courses" replace />;

  return (
    <DocumentsScreen
      student={student}
      isEditing={isEditing}
      documentsOnFile={documentsOnFile(student.documents, navigation.studentDocuments)}
    />
  );
}

function EditNotAllowed() {
  const t = useT();
  const tm = useMessageText();
  return (
    <Card title={t('page.title')} size="wide">
      <Alert tone="info">{tm(messages.documentsEditNotAllowed, 'documentsEditNotAllowed')}</Alert>
      <p>
        <Link to="/profile" state={{ isEditing: true }}>
          {t('page.backToProfile')}
        </Link>
      </p>
    </Card>
  );
}

interface DocumentsScreenProps {
  student: SessionStudent;
  isEditing: boolean;
  documentsOnFile: Partial<Record<DocumentType, string>>;
}

function DocumentsScreen({ student, isEditing, documentsOnFile }: DocumentsScreenProps) {
  useStudentInfoRefresh();
  const t = useT();
  const tm = useMessageText();
  const [dialog, setDialog] = useState<DocumentsDialog | null>(null);
  const choices = useDocumentChoices({ onWrongFormat: () => setDialog('format') });
  const upload = useDocumentsUpload({
    studentId: student._id,
    isEditing,
    choices,
    onIncomplete: () => setDialog('incomplete'),
  });
  // Checked after the refresh above: staff may have changed the status since the session began.
  if (isEditing && !canEditDocuments(student.status)) return <EditNotAllowed />;

  return (
    <Card title={t('page.title')} size="wide" intro={isEditing ? t('page.introEditing') : t('page.intro')}>
      {student.status === 'Rejected' ? <RejectionNote student={student} /> : null}
      <p className="documents__warning">
        <span aria-hidden="true">⚠ </span>
        {tm(messages.documentsWarning, 'documentsWarning')}
      </p>
      <form
        className="documents"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!upload.sending) upload.submit();
        }}
      >
        <DocumentSlots
          choices={choices}
          documentsOnFile={isEditing ? documentsOnFile : {}}
          disabled={upload.sending}
        />

        {upload.sending ? (
          <ProgressBar
            label={upload.preparing ? t('page.preparing') : t('page.uploading')}
            value={upload.progress}
          />
        ) : null}
        {upload.failure ? (
          <FailurePanel
            error={upload.failure}
            networkMessage={tm(messages.uploadNetworkFailure, 'uploadNetworkFailure')}
            onRetry={upload.retry}
          />
        ) : null}

        <div className="documents__actions">
          <Link to="/courses" className="button button--secondary">
            {t('page.skip')}
          </Link>
          <Button type="submit" loading={upload.sending}>
            {t('page.submit')}
          </Button>
        </div>
      </form>

      <DocumentsMessage dialog={dialog} onClose={() => setDialog(null)} />
    </Card>
  );
}

/** Why a submit or a choice was refused: pictures missing, or a file that is not a picture. */
type DocumentsDialog = 'incomplete' | 'format';

interface DocumentSlotsProps {
  choices: Pick<ReturnType<typeof useDocumentChoices>, 'chosen' | 'slotErrors' | 'choose'>;
  /** The pictures on file to show where none is chosen (editing only; none on a first upload). */
  documentsOnFile: Partial<Record<DocumentType, string>>;
  disabled: boolean;
}

/** The three pictures: each the new one chosen, else the one on file, else empty. */
function DocumentSlots({ choices, documentsOnFile, disabled }: DocumentSlotsProps) {
  const t = useT();
  return (
    <div className="documents__slots">
      {DOCUMENT_TYPES.map((type) => {
        const entry = choices.chosen[type];
        const onFile = documentsOnFile[type];
        return (
          <DocumentSlot
            key={type}
            label={t(slotLabels[type])}
            previewUrl={entry?.previewUrl ?? onFile ?? null}
            state={entry ? 'new' : onFile ? 'on-file' : 'empty'}
            fileName={entry?.file.name}
            error={choices.slotErrors[type]}
            disabled={disabled}
            onChoose={(file, input) => void choices.choose(type, file, input)}
          />
        );
      })}
    </div>
  );
}

/** The open message dialog, if any. */
function DocumentsMessage({ dialog, onClose }: { dialog: DocumentsDialog | null; onClose: () => void }) {
  const tm = useMessageText();
  return (
    <>
      {dialog === 'incomplete' ? (
        <MessageDialog
          title={tm(messages.documentsIncompleteTitle, 'documentsIncompleteTitle')}
          onClose={onClose}
        >
          {tm(messages.documentsIncomplete, 'documentsIncomplete')}
        </MessageDialog>
      ) : null}
      {dialog === 'format' ? (
        <MessageDialog title={tm(messages.documentsFormatTitle, 'documentsFormatTitle')} onClose={onClose}>
          {tm(messages.documentsFormat, 'documentsFormat')}
        </MessageDialog>
      ) : null}
    </>
  );
}
