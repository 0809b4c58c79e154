import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettingsSchema } from '@portal/shared/schemas/settings';
import { get } from './api-client';

/** GET /public/settings: helpline number, support address and the 'How It Works?' link. */
export function fetchSettings({ signal }: { signal?: AbortSignal } = {}) {
  return get('/public/settings', publicSettingsSchema, { signal });
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
