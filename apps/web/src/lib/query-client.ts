import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from './api-client';
import { getSession, subscribeSession } from './session';

/**
 * The one query client of the tab. It is provided by a lazily loaded layout route (app/layouts/query-layout)
 * rather than at the root, so that TanStack Query is not part of the sign-in page's first download.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Only a request that got no answer is worth repeating; a refusal will be refused again.
    queries: { retry: (failures, error) => error instanceof NetworkError && failures < 2 },
    mutations: { retry: false },
  },
});

// Answers belong to the student who asked: when another student (or nobody) holds the tab's session, none of
// them may show, whatever a page's query key says (lesson topics carry the student's own progress, say).
let cachedFor = getSession().student?._id;
subscribeSession(() => {
  const current = getSession().student?._id;
  if (current === cachedFor) return;
  cachedFor = current;
  queryClient.clear();
});
