import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettings } from '@portal/shared/calls/profile';
import { callApi } from './call-api';
import { firstFromArrived } from './query-client';

/** The helpline number, support address and the 'How It Works?' link. */
export function fetchSettings({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(publicSettings, {}, { signal });
}

// Settings change with a deployment, not during a visit: read once per tab.
export const settingsQueryOptions = queryOptions({
  queryKey: ['public-settings'],
  queryFn: fetchSettings,
  ...firstFromArrived(publicSettings, {}, (answer) => answer, Infinity),
  gcTime: Infinity,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
