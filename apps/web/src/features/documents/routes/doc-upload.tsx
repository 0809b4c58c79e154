import { DOCUMENT_MAX_BYTES } from '@portal/shared/constants/profile';
import { DOCUMENT_TYPES, type DocumentType } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import type { SessionStudent, Student } from '@portal/shared/schemas/student';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { readImageFile } from '../../../lib/image-file';
import { useObjectUrls } from '../../../lib/object-urls';
import { useSession } from '../../../lib/session';
import { storeStudent, useStudentInfoRefresh } from '../../../lib/student-info';
import { useUploadDocuments, type DocumentFiles, type DocumentsUpload } from '../api/upload-documents';
import { DocumentSlot } from '../components/document-slot';
import '../components/documents.css';

type StudentDocument = Student['documents'][number];

const slotLabels: Record<DocumentType, string> = {
  'Front CNIC': 'CNIC front picture',
  'Back CNIC': 'CNIC back picture',
  'Education Document': 'Highest qualification document',
};

/** Documents may be changed while the application is still being decided (spec section 6). */
const EDITABLE_STATUSES: ReadonlySet<Student['status']> = new Set(['Pending', 'Rejected']);

interface DocumentsState {
  isEditing: boolean;
  studentDocuments: StudentDocument[];
}

/** Navigation state of the profile's 'Update documents': `{ isEditing: true, studentDocuments }`. */
function readState(state: unknown): DocumentsState {
  if (typeof state !== 'object' || state === null) return { isEditing: false, studentDocuments: [] };
  const { isEditing, studentDocuments } = state as Record<string, unknown>;
  return {
    isEditing: isEditing === true,
    studentDocuments: Array.isArray(studentDocuments)
      ? studentDocuments.filter(
          (entry): entry is StudentDocument =>
            typeof entry === 'object' &&
            entry !== null &&
            DOCUMENT_TYPES.includes((entry as StudentDocument).documentType) &&
            typeof (entry as StudentDocument).URL === 'string',
        )
      : [],
  };
}

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

/** The pictures on file: the stored student's (refreshed on arrival, with fresh addresses) else the state's. */
function documentsOnFile(stored: StudentDocument[], passed: StudentDocument[]) {
  const urls: Partial<Record<DocumentType, string>> = {};
  [...passed, ...stored].forEach((document) => {
    urls[document.documentType] = document.URL;
  });
  return urls;
}

interface Chosen {
  file: File;
  previewUrl: string;
}

interface DocumentsScreenProps {
  student: SessionStudent;
  isEditing: boolean;
  documentsOnFile: Partial<Record<DocumentType, string>>;
}

function DocumentsScreen({ student, isEditing, documentsOnFile }: DocumentsScreenProps) {
  useStudentInfoRefresh();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const send = useUploadDocuments();
  const objectUrls = useObjectUrls();
  const [chosen, setChosen] = useState<Partial<Record<DocumentType, Chosen>>>({});
  const [slotErrors, setSlotErrors] = useState<Partial<Record<DocumentType, string>>>({});
  const [dialog, setDialog] = useState<'incomplete' | 'format' | null>(null);
  const [progress, setProgress] = useState(0);

  const rejected = student.status === 'Rejected';
  const rejection = rejected ? (
    <div className="documents__rejection">
      <h2 className="documents__rejection-title">Your documents were not accepted</h2>
      <p>{student.rejectreason?.trim() || 'Please upload clear pictures of valid documents.'}</p>
    </div>
  ) : null;

  if (isEditing && !EDITABLE_STATUSES.has(student.status)) {
    return (
      <Card title="Document Upload" size="wide">
        <Alert tone="info">{messages.documentsEditNotAllowed}</Alert>
        <p>
          <Link to="/profile" state={{ isEditing: true }}>
            Back to my profile
          </Link>
        </p>
      </Card>
    );
  }

  async function choose(type: DocumentType, file: File, input: HTMLInputElement) {
    setSlotErrors(({ [type]: _cleared, ...rest }) => rest);
    if (!(await readImageFile(file))) {
      input.value = ''; // the refused file is not kept, and choosing it again is noticed
      setDialog('format');
      return;
    }
    if (file.size > DOCUMENT_MAX_BYTES) {
      input.value = '';
      setSlotErrors((errors) => ({ ...errors, [type]: messages.documentTooLarge }));
      return;
    }
    objectUrls.revoke(chosen[type]?.previewUrl);
    const previewUrl = objectUrls.create(file);
    setChosen((current) => ({ ...current, [type]: { file, previewUrl } }));
  }

  function upload(request: DocumentsUpload) {
    setProgress(0);
    send.mutate(request, {
      onSuccess: (answer) => {
        void storeStudent(queryClient, answer.data).then(() => navigate('/courses'));
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const errors: Partial<Record<DocumentType, string>> = {};
        DOCUMENT_TYPES.forEach((type) => {
          if (error.errors[type]) errors[type] = error.errors[type];
        });
        setSlotErrors(errors);
      },
    });
  }

  function submit() {
    const files: DocumentFiles = {};
    DOCUMENT_TYPES.forEach((type) => {
      const entry = chosen[type];
      if (entry) files[type] = entry.file;
    });
    const count = Object.keys(files).length;
    if (isEditing && count === 0) {
      // Nothing changed: nothing to send.
      void navigate('/courses');
      return;
    }
    if (!isEditing && count < DOCUMENT_TYPES.length) {
      setDialog('incomplete');
      return;
    }
    upload({ studentId: student._id, files, isEditing, onProgress: setProgress });
  }

  function retry() {
    // The same files as the failed attempt, without choosing them again.
    if (send.variables) upload(send.variables);
  }

  return (
    <Card
      title="Document Upload"
      size="wide"
      intro={
        isEditing
          ? 'Replace the pictures that need changing; the others stay as they are.'
          : 'Upload clear pictures of the front and back of your CNIC and of your highest qualification document (JPG or PNG).'
      }
    >
      {rejection}
      <p className="documents__warning">
        <span aria-hidden="true">⚠ </span>
        {messages.documentsWarning}
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
            const entry = chosen[type];
            const onFile = isEditing ? documentsOnFile[type] : undefined;
            return (
              <DocumentSlot
                key={type}
                label={slotLabels[type]}
                previewUrl={entry?.previewUrl ?? onFile ?? null}
                state={entry ? 'new' : onFile ? 'on-file' : 'empty'}
                fileName={entry?.file.name}
                error={slotErrors[type]}
                disabled={send.isPending}
                onChoose={(file, input) => void choose(type, file, input)}
              />
            );
          })}
        </div>

        {send.isPending ? <ProgressBar label="Uploading documents" value={progress} /> : null}
        {send.isError ? (
          <div className="documents__failure">
            <Alert tone="error">
              {failureMessage(send.error, {
                network: messages.uploadNetworkFailure,
                fallback: messages.uploadNetworkFailure,
              })}
            </Alert>
            <Button variant="secondary" onClick={retry}>
              Retry
            </Button>
          </div>
        ) : null}

        <div className="documents__actions">
          <Link to="/courses" className="button button--secondary">
            Skip for now
          </Link>
          <Button type="submit" loading={send.isPending}>
            Submit
          </Button>
        </div>
      </form>

      {dialog === 'incomplete' ? (
        <MessageDialog title={messages.documentsIncompleteTitle} onClose={() => setDialog(null)}>
          {messages.documentsIncomplete}
        </MessageDialog>
      ) : null}
      {dialog === 'format' ? (
        <MessageDialog title={messages.documentsFormatTitle} onClose={() => setDialog(null)}>
          {messages.documentsFormat}
        </MessageDialog>
      ) : null}
    </Card>
  );
}

function MessageDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: string;
}) {
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="documents__dialog-text">{children}</p>
      <Button block onClick={onClose} data-autofocus>
        OK
      </Button>
    </Dialog>
  );
}
