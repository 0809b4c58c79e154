import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A console change that refreshes the list it changed once it succeeds: `refresh` is the list's query key
 * (or its prefix). The one way the console's features say so.
 */
export function useRefreshingMutation<Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  refresh: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}
