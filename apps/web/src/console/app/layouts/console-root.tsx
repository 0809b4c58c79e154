import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { consoleQueryClient } from '@/console/lib/query-client';
import { useRouteFocus } from '@/lib/use-route-focus';

export function ConsoleRoot() {
  useRouteFocus();
  return (
    <QueryClientProvider client={consoleQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
