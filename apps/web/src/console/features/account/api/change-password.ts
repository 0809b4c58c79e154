import { useMutation } from '@tanstack/react-query';
import { changeStaffPassword } from '@portal/shared/calls/staff-identity';
import { sha256Hex } from '@/lib/sha256';
import { staffCall } from '@/console/lib/staff-client';

/** One's own password: both travel as the SHA-256 hex of what was typed; the other sessions end. */
export async function changePassword(form: { current: string; password: string }) {
  const [currentPassword, newPassword] = await Promise.all([
    sha256Hex(form.current),
    sha256Hex(form.password),
  ]);
  return staffCall(changeStaffPassword, { body: { currentPassword, newPassword } });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
