import type { Student } from '@portal/shared/schemas/student';
import type { StudentRow } from '../db/repositories/students';

/** The Student of spec section 3 as the API sends it, built from the stored row. */
export function toStudent(row: StudentRow, options: { profileEditEnabled: boolean }): Student {
  return {
    _id: row.id,
    cnic: row.cnic,
    email: row.email,
    fullName: row.fullName,
    fatherName: row.fatherName,
    gender: row.gender,
    dob: row.dob,
    phoneNumber: row.phoneNumber,
    homeAddress: row.homeAddress,
    lastQualification: row.lastQualification,
    province: row.province,
    city: row.city,
    // Set by the course registration (a later feature); until then the student studies nowhere.
    cityOfStudy: null,
    haveLaptop: row.haveLaptop,
    imageUrl: null,
    rollNo: row.rollNo,
    batch: null,
    batchId: null,
    course: null,
    courseId: null,
    currentQuarter: null,
    isProfileComplete: row.isProfileComplete,
    isDocumentUploaded: row.isDocumentUploaded,
    isDocumentVerified: row.isDocumentVerified,
    rejectreason: row.rejectReason,
    status: row.status,
    documents: [],
    onSiteAllowed: row.onSiteAllowed,
    canEditProfile: options.profileEditEnabled && row.isProfileComplete,
  };
}
