import { useSyncExternalStore } from 'react';
import type { LoginAnswer, SessionStudent, Student } from '@portal/shared/schemas/student';

/**
 * The browser session (spec section 3): the stored student with its token, the allowed routes and the
 * current page path, kept in sessionStorage so that the session ends with the tab. One store outside React
 * so that the API client can end the session on a 401; components read it through `useSession`.
 */
const keys = { student: 'studentData', routes: 'routes', currentPath: 'currentPath' } as const;

/** Why the last session ended: the sign-in page says 'Authentication Expired, Login Again' after a 401. */
export type SessionEnd = 'logout' | 'expired' | null;

export interface SessionState {
  student: SessionStudent | null;
  routes: readonly string[];
  ended: SessionEnd;
}

let state: SessionState = readStorage(null);
const listeners = new Set<() => void>();

function readStorage(ended: SessionEnd): SessionState {
  const student = parseJson(sessionStorage.getItem(keys.student));
  if (!isStoredStudent(student)) return { student: null, routes: [], ended };
  const routes = parseJson(sessionStorage.getItem(keys.routes));
  return {
    student,
    routes: Array.isArray(routes) ? routes.filter((route) => typeof route === 'string') : [],
    ended,
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

function setState(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Calls `listener` after every change of the session (sign-in, update, sign-out). */
export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

/** Re-reads sessionStorage (the store is a module singleton; tests reset storage between cases). */
export function reloadSession() {
  setState(readStorage(null));
}

export function startSession(answer: Pick<LoginAnswer, 'studentData' | 'routes'>) {
  sessionStorage.setItem(keys.student, JSON.stringify(answer.studentData));
  sessionStorage.setItem(keys.routes, JSON.stringify(answer.routes));
  setState({ student: answer.studentData, routes: answer.routes, ended: null });
}

/** Replaces the stored student with fresh server data, keeping the session's token and token id. */
export function updateStudent(student: Student) {
  if (!state.student) return;
  const { databaseToken, tokenId } = state.student;
  const next: SessionStudent = { ...student, databaseToken, tokenId };
  sessionStorage.setItem(keys.student, JSON.stringify(next));
  setState({ ...state, student: next });
}

export function endSession(reason: Exclude<SessionEnd, null>) {
  Object.values(keys).forEach((key) => sessionStorage.removeItem(key));
  setState({ student: null, routes: [], ended: reason });
}

export function rememberCurrentPath(path: string) {
  sessionStorage.setItem(keys.currentPath, path);
}

export function useSession() {
  const session = useSyncExternalStore(subscribeSession, getSession);
  return {
    ...session,
    login: startSession,
    update: updateStudent,
    logout: () => endSession('logout'),
  };
}
