import { useMutation } from '@tanstack/react-query';
import { uploadDocuments as uploadDocumentsCall } from '@portal/shared/calls/profile';
import { DOCUMENT_TYPES, type DocumentType } from '@portal/shared/constants/student';
import { uploadCall } from '@/lib/upload';

export type DocumentFiles = Partial<Record<DocumentType, File>>;

export interface DocumentsUpload {
  studentId: string;
  /** All three on the first upload; only the changed ones when editing. */
  files: DocumentFiles;
  isEditing: boolean;
  onProgress?: (fraction: number) => void;
}

/** The documents (multipart): one part per document, named by its type. */
export function uploadDocuments({ studentId, files, isEditing, onProgress }: DocumentsUpload) {
  const form = {
    studentId,
    isEditing: isEditing ? ('true' as const) : ('false' as const),
    ...Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, files[type]])),
  };
  return uploadCall(uploadDocumentsCall, { form }, { onProgress });
}

export function useUploadDocuments() {
  return useMutation({ mutationFn: uploadDocuments });
}
