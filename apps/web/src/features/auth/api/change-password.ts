import { useMutation } from '@tanstack/react-query';
import { changePassword as changePasswordCall } from '@portal/shared/calls/accounts';
import { callApi } from '@/lib/call-api';
import { sha256Hex } from '@/lib/sha256';

export async function changePassword({
  oldPassword,
  newPassword,
}: {
  oldPassword: string;
  newPassword: string;
}) {
  const data = { oldPassword: await sha256Hex(oldPassword), newPassword: await sha256Hex(newPassword) };
  return callApi(changePasswordCall, { body: { data } });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
