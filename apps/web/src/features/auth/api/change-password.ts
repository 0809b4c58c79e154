import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import { sha256Hex } from '@/lib/sha256';

export async function changePassword({
  oldPassword,
  newPassword,
}: {
  oldPassword: string;
  newPassword: string;
}) {
  const data = { oldPassword: await sha256Hex(oldPassword), newPassword: await sha256Hex(newPassword) };
  return post('/studentapi/changepassword', { data });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
