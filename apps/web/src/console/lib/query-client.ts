import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from '@/lib/api-client';
import { getStaffSession, subscribeStaffSession } from './staff-session';

/** The console's one query client: answers belong to the staff member who asked, so a change of person clears it. */
export const consoleQueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (failures, error) => error instanceof NetworkError && failures < 2 },
    mutations: { retry: false },
  },
});

let cachedFor = getStaffSession().staff?._id;
subscribeStaffSession(() => {
  const current = getStaffSession().staff?._id;
  if (current === cachedFor) return;
  // From nobody to someone nothing cached belongs to anyone (the /me that found them stays).
  if (cachedFor !== undefined) consoleQueryClient.clear();
  cachedFor = current;
});
