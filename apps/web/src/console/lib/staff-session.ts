import { useSyncExternalStore } from 'react';
import type { Staff } from '@portal/shared/schemas/staff';

/**
 * Who is signed in to the console. The session itself is the HttpOnly `portal_staff` cookie, which the
 * console never sees: this store only remembers the answer of login or /staffapi/me, and why the last
 * session ended, so that sign-in can say the session expired after a 401.
 */
export interface StaffSessionState {
  staff: Staff | null;
  ended: 'logout' | 'expired' | null;
}

let state: StaffSessionState = { staff: null, ended: null };
const listeners = new Set<() => void>();

function setState(next: StaffSessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function subscribeStaffSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getStaffSession() {
  return state;
}

export function signedIn(staff: Staff) {
  setState({ staff, ended: null });
}

export function sessionEnded(reason: 'logout' | 'expired') {
  setState({ staff: null, ended: reason });
}

/** Forgets everything (tests start each case from nobody signed in). */
export function resetStaffSession() {
  setState({ staff: null, ended: null });
}

export function useStaffSession() {
  return useSyncExternalStore(subscribeStaffSession, getStaffSession);
}
