import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@portal/shared/constants/staff';
import type { App } from '../src/app';
import { insertInvitedStaff, setStaffStatus } from '../src/modules/staff/repository';
import { staffCookie } from '../src/plugins/staff-guard';

export interface StaffCaller {
  id: string;
  email: string;
  role: StaffRole;
  /** The Cookie header of this staff member's session. */
  cookie: string;
}

/**
 * An active staff account with a live session, made directly in the database: for tests of what staff
 * calls do. The sign-in itself (password and TOTP) is tested through /staffapi/login.
 */
export async function staffCaller(app: App, role: StaffRole): Promise<StaffCaller> {
  const { db } = app.services.database;
  const email = `${role}.${randomBytes(4).toString('hex')}@staff.example.pk`;
  const staff = await insertInvitedStaff(db, { email, name: `Test ${role}`, role });
  await setStaffStatus(db, staff.id, 'active');
  const { token } = await app.services.staffSessions.create(staff.id);
  return { id: staff.id, email, role, cookie: `${staffCookie}=${token}` };
}

/** A staff call: JSON in and out, with the caller's session cookie (or none). */
export async function staffCall(
  app: App,
  caller: StaffCaller | undefined,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers: { ...(caller ? { cookie: caller.cookie } : {}), ...headers },
  });
  const isJson = (response.headers['content-type'] ?? '').toString().includes('json');
  return {
    status: response.statusCode,
    body: isJson ? response.json<Record<string, any>>() : ({} as Record<string, any>),
    text: response.body,
    headers: response.headers,
  };
}
