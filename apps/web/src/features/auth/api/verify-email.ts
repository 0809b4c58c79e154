import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api-client';

export function verifyEmail(emailVerificationToken: string) {
  return post('/auth/verifyemail', { emailVerificationToken });
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
