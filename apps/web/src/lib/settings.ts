import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettings } from '@portal/shared/calls/profile';
import { callQueryOptions } from './query-client';

/**
 * The helpline number, support address and the 'How It Works?' link. Settings change with a deployment, not
 * during a visit: read once per tab.
 */
export const settingsQueryOptions = queryOptions({
  queryKey: ['public-settings'],
  ...callQueryOptions(publicSettings, {}, (answer) => answer, Infinity),
  gcTime: Infinity,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
