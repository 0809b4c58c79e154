import type { FastifyBaseLogger } from 'fastify';
import { DOCUMENT_TYPES, type DocumentType } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import { profileUpdateDataSchema } from '@portal/shared/schemas/profile';
import type { Student } from '@portal/shared/schemas/student';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { listReferenceItems } from '../catalogue/repository';
import {
  adoptFiles,
  forgetOrphan,
  orphansAmong,
  orphansOlderThan,
  recordOrphans,
  upsertDocuments,
} from './documents-repository';
import {
  lockStudent,
  lockStudentProfile,
  markDocumentsUploaded,
  updateProfile,
  type StudentRow,
} from './repository';
import type { HttpError } from '../../lib/http-error';
import { badRequest, forbidden } from '../../lib/http-error';
import { unstorableField } from '../../lib/text';
import { newStorageKey, type FileStorage } from '../../storage/file-storage';
import type { CaptchaService } from '../accounts/captcha';
import { normaliseImage } from './images';
import { limits, type RateLimiter } from '../../services/rate-limit';
import type { StudentPresenter } from './student-view';

export interface ProfileUpdate {
  studentId: string | undefined;
  data: string | undefined;
  captcha: string | undefined;
  image: Buffer | undefined;
}

export interface DocumentsUpload {
  studentId: string | undefined;
  isEditing: boolean;
  files: Partial<Record<DocumentType, Buffer>>;
}

function fieldErrors(errors: Record<string, string>): HttpError {
  return badRequest(Object.values(errors)[0] ?? messages.invalidInput, { errors });
}

/** The profile and the three documents (spec sections 4 and 5): strict for the server, whole or nothing. */
export class OnboardingService {
  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      storage: FileStorage;
      captcha: CaptchaService;
      presenter: StudentPresenter;
      limiter: RateLimiter;
      log: FastifyBaseLogger;
    },
  ) {}

  async referenceLists() {
    const items = await listReferenceItems(this.deps.db);
    const byList = (list: string) => items.filter((item) => item.list === list);
    return {
      provinces: byList('province').map((province) => ({
        value: province.value,
        label: province.label,
        cities: byList('city')
          .filter((city) => city.parent === province.value)
          .map((city) => city.value),
      })),
      qualifications: byList('qualification').map((item) => item.value),
      cancelReasons: byList('cancelReason').map(({ value, label }) => ({ value, label })),
    };
  }

  async updateProfile(student: StudentRow, update: ProfileUpdate): Promise<Student> {
    const { db, config, captcha, presenter } = this.deps;
    if (update.studentId !== student.id) throw forbidden(messages.notYourAccount);

    let json: unknown;
    try {
      json = JSON.parse(update.data ?? '');
    } catch {
      throw badRequest(messages.invalidInput);
    }
    // The part itself was checked as text; its JSON escapes (\u0000) only become characters here.
    const unstorable = unstorableField(json);
    if (unstorable !== undefined) throw fieldErrors({ [unstorable || 'data']: messages.invalidInput });
    const parsed = profileUpdateDataSchema().safeParse(json);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'data')] ??= issue.message;
      throw fieldErrors(errors);
    }
    const data = parsed.data;
    await this.#checkLists(data);

    const editing = student.isProfileComplete;
    if (editing && !config.profileEditEnabled) throw forbidden(messages.profileEditDisabled);
    if (!editing && !update.image) throw fieldErrors({ image: messages.imageRequired });

    if (update.image) await this.#countUpload(student);
    // The captcha is spent before any work: a solution protects one attempt.
    await captcha.spend(update.captcha);

    const newKey = update.image
      ? (await this.#store('photos', [await normaliseImage(update.image, 'photo')]))[0]
      : undefined;
    // The photo the new one replaces is the one the locked row holds (a concurrent edit may have changed it).
    // It is recorded as an orphan and stays in the store for the grace period, then the sweeper deletes it:
    // a database restored from a backup of that age still names it (decision 0040).
    // The answer is read in the transaction, by the update itself (decision 0064).
    let updated: StudentRow;
    try {
      updated = await db.transaction(async (tx) => {
        const locked = await lockStudentProfile(tx, student.id);
        if (!locked) throw forbidden(messages.notYourAccount);
        const row = await updateProfile(tx, student.id, {
          fullName: data.fullName,
          fatherName: data.fatherName,
          homeAddress: data.homeAddress,
          dob: data.dob,
          gender: data.gender,
          lastQualification: data.lastQualification,
          province: data.province,
          city: data.city,
          // The phone number cannot change once given (the form disables it while editing).
          phoneNumber: locked.isProfileComplete && locked.phoneNumber ? locked.phoneNumber : data.phoneNumber,
          haveLaptop: data.haveLaptop,
          imageKey: newKey ?? locked.imageKey,
        });
        if (newKey) {
          await adoptFiles(tx, [newKey]);
          if (locked.imageKey) await recordOrphans(tx, [locked.imageKey]);
        }
        return row!;
      });
    } catch (error) {
      if (newKey) await this.#discardUnadopted([newKey]);
      throw error;
    }
    return presenter.present(updated);
  }

  async uploadDocuments(student: StudentRow, upload: DocumentsUpload): Promise<Student> {
    const { db, presenter } = this.deps;
    if (upload.studentId !== student.id) throw forbidden(messages.notYourAccount);
    if (!student.isProfileComplete) throw badRequest(messages.profileIncomplete);
    const replacing = student.isDocumentUploaded;
    if (replacing && student.status === 'Approved') throw forbidden(messages.documentsEditNotAllowed);

    const types = DOCUMENT_TYPES.filter((type) => upload.files[type]);
    if (types.length === 0 || (!replacing && types.length < DOCUMENT_TYPES.length)) {
      throw badRequest(messages.documentsIncomplete);
    }

    await this.#countUpload(student);
    // Every file is checked before any is stored: one bad file refuses the whole upload.
    const images = await Promise.all(
      types.map(async (type) => [type, await normaliseImage(upload.files[type]!, 'document')] as const),
    );
    const keys = await this.#store(
      'documents',
      images.map(([, image]) => image),
    );
    const stored = images.map(([documentType], index) => ({ documentType, storageKey: keys[index]! }));
    let updated: StudentRow;
    try {
      // The replaced documents stay for the grace period, as a replaced photo does. The answer is read in
      // the transaction, by the statement that marks the documents uploaded (decision 0064).
      updated = await db.transaction(async (tx) => {
        const locked = await lockStudent(tx, student.id);
        if (!locked) throw forbidden(messages.notYourAccount);
        if (locked.isDocumentUploaded && locked.status === 'Approved')
          throw forbidden(messages.documentsEditNotAllowed);
        const old = locked.documents
          .filter((doc) => types.includes(doc.documentType))
          .map((doc) => doc.storageKey);
        await upsertDocuments(tx, student.id, stored);
        const row = await markDocumentsUploaded(tx, student.id);
        await adoptFiles(tx, keys);
        await recordOrphans(tx, old);
        return row!;
      });
    } catch (error) {
      await this.#discardUnadopted(keys);
      throw error;
    }
    return presenter.present(updated);
  }

  async #checkLists(data: { province: string; city: string; lastQualification: string }) {
    const lists = await this.referenceLists();
    const province = lists.provinces.find((p) => p.value === data.province);
    const errors: Record<string, string> = {};
    if (!province) errors.province = messages.provinceRequired;
    if (!province?.cities.includes(data.city)) errors.city = messages.cityRequired;
    if (!lists.qualifications.includes(data.lastQualification))
      errors.lastQualification = messages.qualificationRequired;
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  }

  /** Each call that brings images to decode counts against the student's upload limit (429 over it). */
  async #countUpload(student: StudentRow): Promise<void> {
    await this.deps.limiter.consume([[limits.uploadStudent, student.id]]);
  }

  /**
   * Stores the images under new keys, each recorded as an orphan before it is written (one statement for
   * all of them), so that a file the transaction never adopts is found by the sweeper. If a write fails,
   * the files written so far are removed with their records, and the rest's records are dropped.
   */
  async #store(folder: 'photos' | 'documents', images: Buffer[]): Promise<string[]> {
    const keys = images.map(() => newStorageKey(folder));
    await recordOrphans(this.deps.db, keys);
    try {
      for (const [index, image] of images.entries())
        await this.deps.storage.put(keys[index]!, image, 'image/jpeg');
    } catch (error) {
      await this.#discardUnadopted(keys);
      throw error;
    }
    return keys;
  }

  /** Removes a file no row points to; if the store fails now, the sweeper removes it later. */
  async #discard(key: string): Promise<void> {
    try {
      await this.deps.storage.delete(key);
      await forgetOrphan(this.deps.db, key);
    } catch (error) {
      this.deps.log.warn({ err: error, key }, 'could not delete a replaced file; the sweeper will retry');
    }
  }

  /**
   * After a failed transaction, deletes the new files it did not adopt. A connection lost during COMMIT
   * leaves unknown whether it committed: a file is deleted only while still recorded as an orphan, so rows
   * never point at a missing file; when the database cannot say, the sweeper decides later.
   */
  async #discardUnadopted(keys: string[]): Promise<void> {
    let orphaned: string[];
    try {
      orphaned = await orphansAmong(this.deps.db, keys);
    } catch (error) {
      this.deps.log.warn({ err: error, keys }, 'could not check new files after a failure; the sweeper will');
      return;
    }
    for (const key of orphaned) await this.#discard(key);
  }

  /**
   * Deletes the files no row has named for the grace period (FILE_GRACE_HOURS): replaced photos and
   * documents, and files left by interrupted uploads. A batch at a time; answers how many went.
   */
  async sweepOrphans(): Promise<number> {
    const keys = await orphansOlderThan(this.deps.db, this.deps.config.fileGraceHours * 3600, 100);
    for (const key of keys) await this.#discard(key);
    return keys.length;
  }
}
