import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifyEmail as verifyEmailCall } from '@portal/shared/calls/accounts';
import { callApi } from '@/lib/call-api';

export function verifyEmail(emailVerificationToken: string) {
  return callApi(verifyEmailCall, { body: { emailVerificationToken } });
}

/**
 * Verification runs when the page opens. A query rather than an effect: one request per token even when
 * React mounts the page twice (StrictMode), and never repeated (the token is single-use).
 */
export function verifyEmailQueryOptions(emailVerificationToken: string) {
  return queryOptions({
    queryKey: ['verify-email', emailVerificationToken],
    queryFn: () => verifyEmail(emailVerificationToken),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(emailVerificationToken: string) {
  return useQuery(verifyEmailQueryOptions(emailVerificationToken));
}
