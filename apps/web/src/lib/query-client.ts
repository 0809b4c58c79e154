import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from './api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Only a request that got no answer is worth repeating; a refusal will be refused again.
      queries: { retry: (failures, error) => error instanceof NetworkError && failures < 2 },
      mutations: { retry: false },
    },
  });
}
