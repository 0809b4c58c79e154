import type { Student } from '@portal/shared/schemas/student';
import type { StudentRow } from './repository';
import type { UrlSigner } from '../../storage/signed-urls';

/** Builds the Student of spec section 3 as the API sends it, with short-lived URLs for its images. */
export class StudentPresenter {
  constructor(
    private readonly signer: UrlSigner,
    private readonly options: { profileEditEnabled: boolean },
  ) {}

  present(row: StudentRow): Student {
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
      cityOfStudy: row.currentEnrolment?.city ?? null,
      haveLaptop: row.haveLaptop,
      imageUrl: row.imageKey ? this.signer.url(row.imageKey) : null,
      rollNo: row.rollNo,
      batch: row.currentEnrolment?.batch ?? null,
      batchId: row.currentEnrolment?.batchId ?? null,
      course: row.currentEnrolment?.course ?? null,
      courseId: row.currentEnrolment?.courseId ?? null,
      currentQuarter: row.currentEnrolment?.currentQuarter ?? null,
      isProfileComplete: row.isProfileComplete,
      isDocumentUploaded: row.isDocumentUploaded,
      isDocumentVerified: row.isDocumentVerified,
      rejectreason: row.rejectReason,
      rejectReasonCode: row.rejectReasonCode,
      rejectReasonNote: row.rejectReasonNote,
      status: row.status,
      documents: row.documents.map((document) => ({
        documentType: document.documentType,
        URL: this.signer.url(document.storageKey),
      })),
      onSiteAllowed: row.onSiteAllowed,
      canEditProfile: this.options.profileEditEnabled && row.isProfileComplete,
      language: row.language,
    };
  }
}
