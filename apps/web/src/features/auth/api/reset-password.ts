import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import { sha256Hex } from '@/lib/sha256';

export async function resetPassword({ token, password }: { token: string; password: string }) {
  return post('/forgetpassword/newpassword', { token, password: await sha256Hex(password) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
