import { useMutation } from '@tanstack/react-query';
import { resetPassword as resetPasswordCall } from '@portal/shared/calls/accounts';
import { callApi } from '@/lib/call-api';
import { sha256Hex } from '@/lib/sha256';

export async function resetPassword({ token, password }: { token: string; password: string }) {
  return callApi(resetPasswordCall, { body: { token, password: await sha256Hex(password) } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
