import { startTransition, useActionState } from 'react';

export type ActionState<Args, Result> =
  | { status: 'idle' }
  | { status: 'success'; data: Result; args: Args; attempt: number }
  | { status: 'error'; error: unknown; args: Args; attempt: number };

/**
 * One call run by a React action: pending while it runs, then its result or its error, with the arguments
 * it ran with. For the calls of the sign-in page only (login, resend e-mail, forgot password): that page is
 * in the first download and TanStack Query is not; every other screen uses TanStack Query.
 */
export function useAction<Args, Result>(call: (args: Args) => Promise<Result>) {
  const [state, dispatch, isPending] = useActionState(
    async (previous: ActionState<Args, Result>, args: Args): Promise<ActionState<Args, Result>> => {
      const attempt = previous.status === 'idle' ? 1 : previous.attempt + 1;
      try {
        return { status: 'success', data: await call(args), args, attempt };
      } catch (error) {
        return { status: 'error', error, args, attempt };
      }
    },
    { status: 'idle' },
  );

  function run(args: Args) {
    startTransition(() => dispatch(args));
  }

  return { state, isPending, run };
}
