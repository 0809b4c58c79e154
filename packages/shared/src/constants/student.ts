export const STUDENT_STATUSES = ['Pending', 'Rejected', 'Approved'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export const DOCUMENT_TYPES = ['Front CNIC', 'Back CNIC', 'Education Document'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
