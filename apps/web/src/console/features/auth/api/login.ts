import { useMutation } from '@tanstack/react-query';
import { staffLogin as staffLoginCall } from '@portal/shared/calls/staff-identity';
import type { StaffLoginRequest } from '@portal/shared/schemas/staff';
import { sha256Hex } from '@/lib/sha256';
import { staffCall } from '@/console/lib/staff-client';
import { signedIn } from '@/console/lib/staff-session';

export interface StaffLoginForm {
  email: string;
  password: string;
  code: string;
}

/** Signs in: the password travels as the SHA-256 hex of what was typed; the cookie comes back. */
export async function staffLogin(form: StaffLoginForm) {
  const request: StaffLoginRequest = {
    email: form.email.trim(),
    password: await sha256Hex(form.password),
    code: form.code.trim(),
  };
  const answer = await staffCall(staffLoginCall, { body: request });
  signedIn(answer.staff);
  return answer.staff;
}

export function useStaffLogin() {
  return useMutation({ mutationFn: staffLogin });
}
