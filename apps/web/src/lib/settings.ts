import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettings } from '@portal/shared/calls/profile';
import { callApi } from './call-api';

/** The helpline number, support address and the 'How It Works?' link. */
export function fetchSettings({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(publicSettings, {}, { signal });
}

// Settings change with a deployment, not during a visit: read once per tab.
export const settingsQueryOptions = queryOptions({
  queryKey: ['public-settings'],
  queryFn: fetchSettings,
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
