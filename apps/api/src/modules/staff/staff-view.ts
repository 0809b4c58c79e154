import type { Staff } from '@portal/shared/schemas/staff';
import type { StaffRow } from './sessions-repository';

export function presentStaff(row: StaffRow): Staff {
  return { _id: row.id, email: row.email, name: row.name, role: row.role };
}
