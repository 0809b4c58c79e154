import { DOCUMENT_TYPES, type DocumentType } from '@portal/shared/constants/student';
import type { Student } from '@portal/shared/schemas/student';
import type { DocumentFiles } from '@/features/documents/api/upload-documents';

export type StudentDocument = Student['documents'][number];

/** Each document's slot label (the ids of `documents.slot` in the language files). */
export const slotLabels = {
  'Front CNIC': 'slot.frontCnic',
  'Back CNIC': 'slot.backCnic',
  'Education Document': 'slot.education',
} as const satisfies Record<DocumentType, string>;

/** Documents may be changed while the application is still being decided (spec section 6). */
const EDITABLE_STATUSES: ReadonlySet<Student['status']> = new Set(['Pending', 'Rejected']);

export function canEditDocuments(status: Student['status']): boolean {
  return EDITABLE_STATUSES.has(status);
}

interface DocumentsState {
  isEditing: boolean;
  studentDocuments: StudentDocument[];
}

function isStudentDocument(entry: unknown): entry is StudentDocument {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    DOCUMENT_TYPES.includes((entry as StudentDocument).documentType) &&
    typeof (entry as StudentDocument).URL === 'string'
  );
}

/** Navigation state of the profile's 'Update documents': `{ isEditing: true, studentDocuments }`. */
export function readState(state: unknown): DocumentsState {
  if (typeof state !== 'object' || state === null) return { isEditing: false, studentDocuments: [] };
  const { isEditing, studentDocuments } = state as Record<string, unknown>;
  return {
    isEditing: isEditing === true,
    studentDocuments: Array.isArray(studentDocuments) ? studentDocuments.filter(isStudentDocument) : [],
  };
}

/** The pictures on file: the stored student's (refreshed on arrival, with fresh addresses) else the state's. */
export function documentsOnFile(stored: StudentDocument[], passed: StudentDocument[]) {
  const urls: Partial<Record<DocumentType, string>> = {};
  [...passed, ...stored].forEach((document) => {
    urls[document.documentType] = document.URL;
  });
  return urls;
}

/**
 * What Submit does with the chosen files (spec section 4 and 5): nothing new while editing just goes on to
 * /courses; a first upload needs all three.
 */
export function submitOutcome(files: DocumentFiles, isEditing: boolean): 'skip' | 'incomplete' | 'send' {
  const count = Object.keys(files).length;
  if (isEditing && count === 0) return 'skip';
  if (!isEditing && count < DOCUMENT_TYPES.length) return 'incomplete';
  return 'send';
}
