import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { consoleQueryClient } from '../../lib/query-client';

export function ConsoleRoot() {
  return (
    <QueryClientProvider client={consoleQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
