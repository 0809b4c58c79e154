import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { storeStudent } from '@/lib/student-info';
import { useUploadDocuments, type DocumentsUpload } from '@/features/documents/api/upload-documents';
import type { useDocumentChoices } from '@/features/documents/hooks/use-document-choices';
import { documentsToSend } from '@/features/documents/utils/document-picture';
import { submitOutcome } from '@/features/documents/utils/documents-state';

type DocumentChoices = ReturnType<typeof useDocumentChoices>;

interface DocumentsUploadOptions {
  studentId: string;
  isEditing: boolean;
  choices: Pick<DocumentChoices, 'files' | 'showRefusal'>;
  /** A first upload was submitted without all three pictures. */
  onIncomplete: () => void;
}

/**
 * Submitting the chosen pictures: skipped when nothing changed, camera pictures shrunk to the size they are
 * stored (utils/document-picture.ts) with their own progress, then the upload with its progress, a retry with
 * the same files, and the server's refusals shown on their slots. A success goes on to /courses.
 */
export function useDocumentsUpload({ studentId, isEditing, choices, onIncomplete }: DocumentsUploadOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const send = useUploadDocuments();
  const [progress, setProgress] = useState(0);
  const [preparing, setPreparing] = useState(false);

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
    else if (outcome === 'incomplete') onIncomplete();
    else {
      setProgress(0);
      setPreparing(true);
      void documentsToSend(files, setProgress)
        .catch(() => files)
        .then((sent) => {
          setPreparing(false);
          upload({ studentId, files: sent, isEditing, onProgress: setProgress });
        });
    }
  }

  function retry() {
    // The same files as the failed attempt (shrunk already), without choosing them again.
    if (send.variables) upload(send.variables);
  }

  return {
    submit,
    retry,
    progress,
    /** The pictures are being redrawn before the upload starts (`progress` is theirs until then). */
    preparing,
    sending: preparing || send.isPending,
    failure: send.isError ? send.error : null,
  };
}
