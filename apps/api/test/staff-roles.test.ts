import type { CallShape } from '@portal/shared/calls/call';
import * as admissionsCalls from '@portal/shared/calls/admissions';
import * as catalogueCalls from '@portal/shared/calls/catalogue';
import * as contentDeskCalls from '@portal/shared/calls/content-desk';
import * as grantCalls from '@portal/shared/calls/grants';
import * as lectureCalls from '@portal/shared/calls/lectures';
import * as moneyCalls from '@portal/shared/calls/money';
import * as identityCalls from '@portal/shared/calls/staff-identity';
import { messages } from '@portal/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/constants/staff';
import { createTestApp, signedInStudent, type TestApp } from './helpers';
import { staffCall, staffCaller } from './staff';

/** API.md: `accounts` reads students. */
const readsStudents = ['admissions', 'accounts', 'admin'] as const;
/** API.md: `content` runs the catalogue and the content. */
const content = ['content', 'admin'] as const;
/**
 * The calls declared in the table of calls (packages/shared/src/calls) name their own roles: their lines come
 * from there (`admin` always may).
 */
function rolesOf(calls: Record<string, CallShape>): Record<string, readonly StaffRole[]> {
  return Object.fromEntries(
    Object.values(calls).flatMap((call) =>
      typeof call.access === 'object'
        ? [[`${call.method} ${call.path}`, [...new Set([...call.access.staff, 'admin' as const])]]]
        : [],
    ),
  );
}

/**
 * Who may make each guarded staff call (docs/api.md "Staff API"): the declared calls' roles from the table,
 * and one line for each call not yet in it. A staff route the app registers without an entry here fails the
 * first test.
 */
const allowed: Record<string, readonly StaffRole[]> = {
  'GET /staffapi/files/:folder/:name': readsStudents,
  ...rolesOf(identityCalls),
  ...rolesOf(admissionsCalls),
  ...rolesOf(moneyCalls),
  ...rolesOf(contentDeskCalls),
  ...rolesOf(lectureCalls),
  ...rolesOf(catalogueCalls),
  ...rolesOf(grantCalls),
  'POST /staffapi/content/uploads': content,
  'PATCH /staffapi/content/uploads/:id': content,
  'DELETE /staffapi/content/uploads/:id': content,
};

/** The staff calls a visitor makes: set-up and sign-in, outside the guard (from the table of calls). */
const publicCalls = Object.values(identityCalls as Record<string, CallShape>)
  .filter((call) => call.access === 'visitor')
  .map((call) => `${call.method} ${call.path}`);

let t: TestApp;
let studentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  studentToken = (await signedInStudent(t.app)).token;
});
afterAll(() => t.close());

function staffRoutes(): string[] {
  const calls = t.app.routeTable
    .filter((route) => route.url.startsWith('/staffapi/') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`);
  return [...new Set(calls)].sort();
}

/** A route's URL with a well-formed id that matches nothing in its parameters. */
function urlOf(call: string): { method: 'GET' | 'POST'; url: string } {
  const [method, path] = call.split(' ') as ['GET' | 'POST', string];
  return { method, url: path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000') };
}

describe('the staff role matrix', () => {
  it('names every staff route the app registers, and only those', () => {
    expect(staffRoutes()).toContain('GET /staffapi/me');
    expect(staffRoutes()).toEqual([...Object.keys(allowed), ...publicCalls].sort());
  });

  it.each(Object.keys(allowed))(
    '%s: refused (401) without a session or with a student token',
    async (call) => {
      const { method, url } = urlOf(call);
      const none = await staffCall(t.app, undefined, method, url, method === 'POST' ? {} : undefined);
      expect(none.status).toBe(401);
      const student = await staffCall(t.app, undefined, method, url, method === 'POST' ? {} : undefined, {
        authorization: `Bearer ${studentToken}`,
      });
      expect(student.status).toBe(401);
    },
  );

  const cases = Object.entries(allowed).flatMap(([call, roles]) =>
    STAFF_ROLES.map((role) => ({ call, role, allowed: roles.includes(role) })),
  );
  it.each(cases)('$call as $role: allowed $allowed', async ({ call, role, allowed: may }) => {
    const caller = await staffCaller(t.app, role);
    const { method, url } = urlOf(call);
    const answer = await staffCall(t.app, caller, method, url, method === 'POST' ? {} : undefined);
    if (may) {
      expect(answer.status).not.toBe(401);
      expect(answer.status).not.toBe(403);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(messages.forbidden);
    }
  });

  it.each(publicCalls)('%s: open to a visitor (a bad body is 400, never 401 or 403)', async (call) => {
    const { method, url } = urlOf(call);
    const answer = await staffCall(t.app, undefined, method, url, {});
    expect(answer.status).toBe(400);
  });
});
