import type { SessionStudent } from '@portal/shared/schemas/student';

/**
 * The session as the browser keeps it (spec section 3): the stored student with its token, the allowed routes
 * and the current page path, in sessionStorage so that the session ends with the tab. lib/session.ts keeps it
 * for the app; this module only reads and names it, with nothing of React's, so that the boot script
 * (lib/early-calls.ts) can read it before React has arrived.
 */
export const sessionKeys = { student: 'studentData', routes: 'routes', currentPath: 'currentPath' } as const;

/** The stored student and routes, or `student: null` when there is no session (or a damaged one). */
export function readStoredSession(): { student: SessionStudent | null; routes: string[] } {
  const student = parseJson(sessionStorage.getItem(sessionKeys.student));
  if (!isStoredStudent(student)) return { student: null, routes: [] };
  const routes = parseJson(sessionStorage.getItem(sessionKeys.routes));
  return {
    student,
    routes: Array.isArray(routes) ? routes.filter((route) => typeof route === 'string') : [],
  };
}

/**
 * The stored student was written by `startSession` from a login answer that passed its zod schema; this
 * light check (no zod on the sign-in page's first download) only turns away a damaged or foreign entry.
 */
function isStoredStudent(value: unknown): value is SessionStudent {
  if (typeof value !== 'object' || value === null) return false;
  const student = value as Partial<Record<keyof SessionStudent, unknown>>;
  return (
    typeof student._id === 'string' &&
    typeof student.email === 'string' &&
    typeof student.databaseToken === 'string' &&
    student.databaseToken !== '' &&
    typeof student.tokenId === 'string' &&
    typeof student.isProfileComplete === 'boolean' &&
    typeof student.isDocumentUploaded === 'boolean'
  );
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
