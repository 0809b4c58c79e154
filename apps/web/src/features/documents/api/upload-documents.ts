import { useMutation } from '@tanstack/react-query';
import { DOCUMENT_TYPES, type DocumentType } from '@portal/shared/constants/student';
import { studentAnswerSchema } from '@/lib/student-info';
import { upload } from '@/lib/upload';

export type DocumentFiles = Partial<Record<DocumentType, File>>;

export interface DocumentsUpload {
  studentId: string;
  /** All three on the first upload; only the changed ones when editing. */
  files: DocumentFiles;
  isEditing: boolean;
  onProgress?: (fraction: number) => void;
}

/** POST /studentapi/uploaddocuments (multipart): one part per document, named by its type. */
export function uploadDocuments({ studentId, files, isEditing, onProgress }: DocumentsUpload) {
  const form = new FormData();
  form.append('studentId', studentId);
  form.append('isEditing', String(isEditing));
  DOCUMENT_TYPES.forEach((type) => {
    const file = files[type];
    if (file) form.append(type, file, file.name);
  });
  return upload('/studentapi/uploaddocuments', form, studentAnswerSchema, { onProgress });
}

export function useUploadDocuments() {
  return useMutation({ mutationFn: uploadDocuments });
}
