import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { storeStudent } from '@/lib/student-info';
import { useUploadDocuments, type DocumentsUpload } from '@/features/documents/api/upload-documents';
import type { useDocumentChoices } from '@/features/documents/hooks/use-document-choices';
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
 * Submitting the chosen pictures: skipped when nothing changed, the upload with its progress, a retry with
 * the same files, and the server's refusals shown on their slots. A success goes on to /courses.
 */
export function useDocumentsUpload({ studentId, isEditing, choices, onIncomplete }: DocumentsUploadOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const send = useUploadDocuments();
  const [progress, setProgress] = useState(0);

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
    else upload({ studentId, files, isEditing, onProgress: setProgress });
  }

  function retry() {
    // The same files as the failed attempt, without choosing them again.
    if (send.variables) upload(send.variables);
  }

  return {
    submit,
    retry,
    progress,
    sending: send.isPending,
    failure: send.isError ? send.error : null,
  };
}
