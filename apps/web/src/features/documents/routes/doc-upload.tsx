import { DOCUMENT_TYPES, type DocumentType } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FailurePanel } from '@/components/ui/failure-panel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ApiError } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { storeStudent, useStudentInfoRefresh } from '@/lib/student-info';
import { useUploadDocuments, type DocumentsUpload } from '@/features/documents/api/upload-documents';
import { DocumentSlot } from '@/features/documents/components/document-slot';
import { MessageDialog } from '@/features/documents/components/message-dialog';
import { RejectionNote } from '@/features/documents/components/rejection-note';
import { useDocumentChoices } from '@/features/documents/hooks/use-document-choices';
import { useT } from '@/features/documents/i18n';
import {
  canEditDocuments,
  documentsOnFile,
  readState,
  slotLabels,
  submitOutcome,
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
      <Alert tone="info">{tm(messages.documentsEditNotAllowed)}</Alert>
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const send = useUploadDocuments();
  const [dialog, setDialog] = useState<'incomplete' | 'format' | null>(null);
  const choices = useDocumentChoices({ onWrongFormat: () => setDialog('format') });
  const [progress, setProgress] = useState(0);
  // Checked after the refresh above: staff may have changed the status since the session began.
  if (isEditing && !canEditDocuments(student.status)) return <EditNotAllowed />;

  function upload(request: DocumentsUpload) {
    setProgress(0);
    send.mutate(request, {
      onSuccess: (answer) => {
        void storeStudent(queryClient, answer.data).then(() => navigate('/courses'));
      },
      onError: (error) => {
        if (error instanceof ApiError) choices.showRefusal(error.errors);
      },
    });
  }

  function submit() {
    const files = choices.files();
    const outcome = submitOutcome(files, isEditing);
    if (outcome === 'skip') void navigate('/courses');
    else if (outcome === 'incomplete') setDialog('incomplete');
    else upload({ studentId: student._id, files, isEditing, onProgress: setProgress });
  }

  function retry() {
    // The same files as the failed attempt, without choosing them again.
    if (send.variables) upload(send.variables);
  }

  return (
    <Card title={t('page.title')} size="wide" intro={isEditing ? t('page.introEditing') : t('page.intro')}>
      {student.status === 'Rejected' ? <RejectionNote reason={student.rejectreason} /> : null}
      <p className="documents__warning">
        <span aria-hidden="true">⚠ </span>
        {tm(messages.documentsWarning)}
      </p>
      <form
        className="documents"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!send.isPending) submit();
        }}
      >
        <div className="documents__slots">
          {DOCUMENT_TYPES.map((type) => {
            const entry = choices.chosen[type];
            const onFile = isEditing ? documentsOnFile[type] : undefined;
            return (
              <DocumentSlot
                key={type}
                label={t(slotLabels[type])}
                previewUrl={entry?.previewUrl ?? onFile ?? null}
                state={entry ? 'new' : onFile ? 'on-file' : 'empty'}
                fileName={entry?.file.name}
                error={choices.slotErrors[type]}
                disabled={send.isPending}
                onChoose={(file, input) => void choices.choose(type, file, input)}
              />
            );
          })}
        </div>

        {send.isPending ? <ProgressBar label={t('page.uploading')} value={progress} /> : null}
        {send.isError ? (
          <FailurePanel
            error={send.error}
            networkMessage={tm(messages.uploadNetworkFailure)}
            onRetry={retry}
          />
        ) : null}

        <div className="documents__actions">
          <Link to="/courses" className="button button--secondary">
            {t('page.skip')}
          </Link>
          <Button type="submit" loading={send.isPending}>
            {t('page.submit')}
          </Button>
        </div>
      </form>

      {dialog === 'incomplete' ? (
        <MessageDialog title={tm(messages.documentsIncompleteTitle)} onClose={() => setDialog(null)}>
          {tm(messages.documentsIncomplete)}
        </MessageDialog>
      ) : null}
      {dialog === 'format' ? (
        <MessageDialog title={tm(messages.documentsFormatTitle)} onClose={() => setDialog(null)}>
          {tm(messages.documentsFormat)}
        </MessageDialog>
      ) : null}
    </Card>
  );
}
