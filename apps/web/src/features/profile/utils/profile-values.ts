import { PROFILE_FIELD_NAMES } from '@portal/shared/constants/profile';
import type { ProfileFields } from '@portal/shared/schemas/profile';
import type { SessionStudent } from '@portal/shared/schemas/student';
import type { DefaultValues } from 'react-hook-form';

/** A field the server named in its refusal that the form shows. */
export function isProfileField(name: string): name is keyof ProfileFields {
  return (PROFILE_FIELD_NAMES as readonly string[]).includes(name);
}

/** Navigation state `{ isEditing: true }` (the drawer's Edit Profile) opens the form to edit. */
export function readIsEditing(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'isEditing' in state && state.isEditing === true;
}

/** The form's first values: the student's on file (editing), else empty. */
export function prefill(student: SessionStudent): DefaultValues<ProfileFields> {
  return {
    fullName: student.fullName ?? '',
    fatherName: student.fatherName ?? '',
    homeAddress: student.homeAddress ?? '',
    dob: student.dob?.slice(0, 10) ?? '',
    gender: student.gender ?? undefined,
    lastQualification: student.lastQualification ?? '',
    province: student.province ?? '',
    city: student.city ?? '',
    phoneNumber: student.phoneNumber ?? '',
    haveLaptop: student.haveLaptop ?? false,
  };
}

/** Today in the browser's time zone, as a date input's value. */
export function today(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
