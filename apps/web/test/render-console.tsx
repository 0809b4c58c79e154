import type { StaffRole } from '@portal/shared/constants/staff';
import type { Staff, StaffBatch } from '@portal/shared/schemas/staff';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { InitialEntry } from 'react-router';
import { afterEach, vi } from 'vitest';
import { fakeXhr, offlineReply } from './fake-xhr';
import { testRouter } from './memory-router';
import { ConsoleRoutes } from '@/console/app/routes';
import { consoleQueryClient } from '@/console/lib/query-client';
import { resetStaffSession } from '@/console/lib/staff-session';

/**
 * The staff console against minimal handlers: each is keyed by "METHOD /staffapi/path" (":id" matches one
 * segment) and returns the answer typed by the caller from packages/shared.
 */
export interface StaffRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, or the FormData of a multipart call. */
  body: unknown;
}

interface Reply {
  status: number;
  json: unknown;
}
export type StaffHandler = (request: StaffRequest) => Reply | Promise<Reply>;

export function ok<Answer>(json: Answer): Reply {
  return { status: 200, json };
}

export function fail(status: number, message: string): Reply {
  return { status, json: { success: false, message } };
}

/** The batches GET /staffapi/batches lists in every console test (its pickers ask on every page that filters). */
export const testBatches: StaffBatch[] = [
  {
    _id: '44444444-4444-4444-8444-444444444444',
    name: 'Batch 5',
    number: 5,
    city: 'Karachi',
    isOpen: true,
    restricted: true,
    courses: ['AIC', 'ILA'],
  },
  {
    _id: '55555555-5555-4555-8555-555555555555',
    name: 'Batch 12',
    number: 12,
    city: 'Lahore',
    isOpen: true,
    restricted: false,
    courses: ['AIC', 'BCC'],
  },
];

export function makeStaff(role: StaffRole = 'admin', overrides: Partial<Staff> = {}): Staff {
  return { _id: `staff-${role}`, email: `${role}@example.org`, name: `Sana (${role})`, role, ...overrides };
}

let unhandled: string[] = [];
afterEach(() => {
  const calls = unhandled;
  unhandled = [];
  if (calls.length > 0) throw new Error(`The test did not expect these API calls: ${calls.join(', ')}`);
});

function matches(pattern: string, path: string) {
  const expression = new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
  return expression.test(path);
}

export function mockStaffApi(handlers: Record<string, StaffHandler>): StaffRequest[] {
  const requests: StaffRequest[] = [];
  async function answer(url: string, method: string, body: unknown) {
    const parsed = new URL(url, 'http://localhost');
    const request: StaffRequest = { method, path: parsed.pathname, query: parsed.searchParams, body };
    requests.push(request);
    const key = Object.keys(handlers).find((candidate) => {
      const [handlerMethod, pattern] = candidate.split(' ');
      return handlerMethod === method && matches(pattern ?? '', parsed.pathname);
    });
    if (!key) {
      unhandled.push(`${method} ${parsed.pathname}`);
      return offlineReply;
    }
    return handlers[key]!(request);
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const reply = await answer(url, init.method ?? 'GET', body);
      if (reply === offlineReply) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.json), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  // Multipart uploads with progress (lib/upload) go through XMLHttpRequest, answered by the same handlers.
  vi.stubGlobal(
    'XMLHttpRequest',
    fakeXhr((url, method, body) => answer(url, method, body)),
  );
  return requests;
}

interface RenderConsoleOptions {
  /** Who /staffapi/me says is signed in; null: nobody (401). */
  staff?: Staff | null;
  api?: Record<string, StaffHandler>;
}

/** Renders the console's real route tree at `entry`, in StrictMode as console/main.tsx does. */
export function renderConsole(entry: InitialEntry, options: RenderConsoleOptions = {}) {
  resetStaffSession();
  consoleQueryClient.clear();
  const staff = options.staff === undefined ? makeStaff() : options.staff;
  const requests = mockStaffApi({
    'GET /staffapi/me': () =>
      staff ? ok({ success: true, staff }) : fail(401, 'Your session has ended. Please sign in again'),
    'GET /staffapi/batches': () => ok({ success: true, data: testBatches }),
    ...options.api,
  });
  const { router, Router } = testRouter(entry);
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <Router>
        <ConsoleRoutes />
      </Router>
    </StrictMode>,
  );
  return { ...view, router, requests, user };
}

export function callsTo(requests: StaffRequest[], method: string, path: string) {
  return requests.filter((request) => request.method === method && request.path === path);
}
