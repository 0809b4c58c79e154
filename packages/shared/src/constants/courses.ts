export const COURSE_CODES = ['AIC', 'BCC', 'CNC', 'IOT', 'ILA', 'WMD', 'CAE'] as const;
export type CourseCode = (typeof COURSE_CODES)[number];

export const COURSE_NAMES: Record<CourseCode, string> = {
  AIC: 'Artificial Intelligence',
  BCC: 'Blockchain',
  CNC: 'Cloud Native and Mobile Web Computing',
  IOT: 'Internet Of Things',
  ILA: 'Certified 4IR Innovation Leader & Architect',
  WMD: 'Certified Cloud Applied Generative AI Engineer',
  CAE: 'Certified Agentic and Robotic AI Engineer',
};

export const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'] as const;
export type Quarter = (typeof QUARTERS)[number];

/** Quarters each course runs (spec section 9). */
export const COURSE_QUARTERS: Record<CourseCode, readonly Quarter[]> = {
  AIC: ['Q1', 'Q2', 'Q3', 'Q4'],
  BCC: ['Q1', 'Q2', 'Q3', 'Q4'],
  CNC: ['Q1', 'Q2', 'Q3', 'Q4'],
  IOT: ['Q1', 'Q2', 'Q3', 'Q4'],
  ILA: ['Q1'],
  WMD: ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'],
  CAE: ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'],
};

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Batch numbers each course may run in (spec section 9): the catalogue importer refuses others. */
export const COURSE_BATCH_NUMBERS: Record<CourseCode, readonly number[]> = {
  AIC: range(1, 37).filter((n) => n !== 5),
  BCC: range(1, 37).filter((n) => n !== 5),
  CNC: range(1, 37).filter((n) => n !== 5),
  IOT: range(1, 37).filter((n) => n !== 5),
  ILA: [5],
  WMD: range(38, 70),
  CAE: range(66, 100),
};
