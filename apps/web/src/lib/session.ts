import { useSyncExternalStore } from 'react';
import type { LoginAnswer, SessionStudent, Student } from '@portal/shared/schemas/student';
import { readStoredSession, sessionKeys } from './stored-session';

/**
 * The browser session (spec section 3, kept as lib/stored-session.ts says). One store outside React so that
 * the API client can end the session on a 401; components read it through `useSession`.
 */

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
  return { ...readStoredSession(), ended };
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
  sessionStorage.setItem(sessionKeys.student, JSON.stringify(answer.studentData));
  sessionStorage.setItem(sessionKeys.routes, JSON.stringify(answer.routes));
  setState({ student: answer.studentData, routes: answer.routes, ended: null });
}

/** Replaces the stored student with fresh server data, keeping the session's token and token id. */
export function updateStudent(student: Student) {
  if (!state.student) return;
  const { databaseToken, tokenId } = state.student;
  const next: SessionStudent = { ...student, databaseToken, tokenId };
  sessionStorage.setItem(sessionKeys.student, JSON.stringify(next));
  setState({ ...state, student: next });
}

export function endSession(reason: Exclude<SessionEnd, null>) {
  Object.values(sessionKeys).forEach((key) => sessionStorage.removeItem(key));
  setState({ student: null, routes: [], ended: reason });
}

export function rememberCurrentPath(path: string) {
  sessionStorage.setItem(sessionKeys.currentPath, path);
}

export function useSession() {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return {
    ...session,
    login: startSession,
    update: updateStudent,
    logout: () => endSession('logout'),
  };
}
