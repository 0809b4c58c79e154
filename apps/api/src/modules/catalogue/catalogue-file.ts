import { formatMessage, messages } from '@portal/shared/messages';
import type { CatalogueImportAnswer, ImportKindChanges } from '@portal/shared/schemas/staff-catalogue';
import type { Db, Executor } from '../../db/client';
import {
  listBatchConfigsForExport,
  listCatalogueBatches,
  listCourses,
  listOnlineFees,
  listReferenceRows,
  listAllBranches,
  listSlots,
} from './repository';
import { HttpError, badRequest } from '../../lib/http-error';
import { audit, type Actor } from '../audit/audit';
import {
  CatalogueError,
  hashDemoPasswords,
  holdingsRefusals,
  importCatalogueIn,
  parseCatalogue,
  readCatalogueFile,
  type Catalogue,
  type ImportSummary,
} from './catalogue';
import type { PasswordHasher } from '../accounts/passwords';

/*
 * The catalogue file from the console (decision 0023): the export writes the format `catalogue:import`
 * reads (docs/catalogue.md), and the console's import runs the same importer, in a transaction that a
 * preview rolls back.
 */

/** The parts of the file the export writes: the structure students choose from. */
export type CatalogueExport = Pick<
  Catalogue,
  | 'version'
  | 'courses'
  | 'batches'
  | 'batchConfigs'
  | 'timeSlots'
  | 'onlineFees'
  | 'branches'
  | 'referenceLists'
>;

export async function exportCatalogue(ex: Executor): Promise<CatalogueExport> {
  const [courses, batches, configs, slots, fees, branches, references] = await Promise.all([
    listCourses(ex),
    listCatalogueBatches(ex),
    listBatchConfigsForExport(ex),
    listSlots(ex, {}),
    listOnlineFees(ex, {}),
    listAllBranches(ex),
    listReferenceRows(ex),
  ]);
  const cityOfBatch = new Map(batches.map((batch) => [batch.id, batch.city]));
  return {
    version: 1,
    courses: courses.map(({ code, name, shortDescription, courseColor }) => ({
      code: code as Catalogue['courses'][number]['code'],
      name,
      shortDescription,
      courseColor,
    })),
    batches: batches.map((batch) => ({
      name: batch.name,
      number: batch.number,
      city: batch.city,
      open: batch.isOpen,
      restricted: batch.restricted,
      courses: batch.courses.map((entry) => ({
        code: entry.course as Catalogue['courses'][number]['code'],
        mode: entry.mode,
      })),
    })),
    batchConfigs: configs.map(({ config, batch, city }) => ({
      batch,
      city,
      telegramLinks: {
        androidLink: config.androidLink,
        iosLink: config.iosLink,
        groupName: config.groupName,
      },
      instructionsForMale: config.instructionsForMale,
      instructionsForFemale: config.instructionsForFemale,
      admitCardMessage: config.admitCardMessage,
    })),
    timeSlots: slots.map((slot) => ({
      batch: slot.batchName,
      city: cityOfBatch.get(slot.batchId) ?? slot.city,
      course: slot.course as Catalogue['courses'][number]['code'],
      quarter: slot.quarter as Catalogue['timeSlots'][number]['quarter'],
      gender: slot.gender,
      name: slot.name,
      campus: slot.campus,
      day: slot.day,
      time: slot.time,
      location: slot.location,
      fee: slot.quarterFee,
      year: slot.year,
      seats: slot.totalSeats,
    })),
    onlineFees: fees.map((fee) => ({
      batch: fee.batchName,
      city: fee.city,
      course: fee.course as Catalogue['courses'][number]['code'],
      quarter: fee.quarter as Catalogue['onlineFees'][number]['quarter'],
      fee: fee.fee,
    })),
    branches: branches.map(({ branchName, contactNo, branchAddress, city, location }) => ({
      branchName,
      contactNo,
      branchAddress,
      city,
      location,
    })),
    referenceLists: referenceListsOf(references),
  };
}

function referenceListsOf(
  rows: Awaited<ReturnType<typeof listReferenceRows>>,
): CatalogueExport['referenceLists'] {
  const of = (list: string) => rows.filter((row) => row.list === list);
  const provinces = of('province').map((province) => ({
    value: province.value,
    label: province.label,
    cities: of('city')
      .filter((city) => city.parent === province.value)
      .map((city) => city.value),
  }));
  const qualifications = of('qualification').map((row) => row.value);
  const cancelReasons = of('cancelReason').map(({ value, label }) => ({ value, label }));
  // The importer takes the lists whole or not at all.
  if (
    provinces.length === 0 ||
    provinces.some((province) => province.cities.length === 0) ||
    qualifications.length === 0 ||
    cancelReasons.length === 0
  )
    return undefined;
  return { provinces, qualifications, cancelReasons };
}

/** Each kind the export writes, as natural key → content, to compare the catalogue before and after. */
function keyed(file: CatalogueExport): Record<string, Map<string, string>> {
  const map = <T>(rows: T[], key: (row: T) => string) =>
    new Map(rows.map((row) => [key(row), JSON.stringify(row)]));
  return {
    courses: map(file.courses, (c) => c.code),
    batches: map(file.batches, (b) => `${b.name} (${b.city})`),
    batchConfigs: map(file.batchConfigs, (c) => `${c.batch} (${c.city})`),
    timeSlots: map(
      file.timeSlots,
      (s) =>
        `${s.batch} (${s.city}) ${s.course} ${s.quarter} ${s.gender}: ${s.name}, ${s.campus}, ${s.day} ${s.time}`,
    ),
    onlineFees: map(file.onlineFees, (f) => `${f.batch} (${f.city}) ${f.course} ${f.quarter}`),
    branches: map(file.branches, (b) => `${b.branchName} (${b.city})`),
    referenceLists: map(file.referenceLists ? [file.referenceLists] : [], () => 'reference lists'),
  };
}

function compare(before: CatalogueExport, after: CatalogueExport): Record<string, ImportKindChanges> {
  const was = keyed(before);
  const now = keyed(after);
  const changes: Record<string, ImportKindChanges> = {};
  for (const [kind, rows] of Object.entries(now)) {
    const old = was[kind]!;
    const entry: ImportKindChanges = { added: [], changed: [], unchanged: 0 };
    for (const [key, content] of rows) {
      if (!old.has(key)) entry.added.push(key);
      else if (old.get(key) !== content) entry.changed.push(key);
      else entry.unchanged += 1;
    }
    changes[kind] = entry;
  }
  return changes;
}

/** The kinds the file holds that the comparison does not cover (learning content, grants): their counts. */
function otherKinds(summary: ImportSummary): Record<string, ImportKindChanges> {
  const compared = new Set(['courses', 'batches', 'batchConfigs', 'timeSlots', 'onlineFees', 'branches']);
  const other: Record<string, ImportKindChanges> = {};
  for (const [kind, count] of Object.entries(summary)) {
    if (compared.has(kind) || kind === 'referenceLists' || count === 0) continue;
    other[kind] = {
      added: [],
      changed: [`${count} in the file, replaced or updated as the file says`],
      unchanged: 0,
    };
  }
  return other;
}

/** Thrown to roll the preview's transaction back. */
class PreviewDone extends Error {
  constructor(readonly answer: CatalogueImportAnswer) {
    super('preview');
  }
}

/** Added and changed things of the compared kinds (the other kinds' line is a description). */
function totals(changes: Record<string, ImportKindChanges>) {
  let added = 0;
  let changed = 0;
  for (const entry of Object.values(changes)) {
    added += entry.added.length;
    changed += entry.changed.length;
  }
  return { added, changed };
}

/** What an import did to the compared kinds, and each changed entity before and after it. */
interface ImportOutcome {
  summary: ImportSummary;
  changes: Record<string, ImportKindChanges>;
  counts: { added: number; changed: number };
}

/**
 * Imports inside the caller's transaction and, for an apply (an actor given), audits it: which entities the
 * file added and changed, with each one's content before and after, so that a fee or a seat count changed by
 * file is as traceable as one changed in a form.
 */
async function importAudited(
  tx: Executor,
  catalogue: Catalogue,
  demoHashes: string[],
  actor: Actor | undefined,
): Promise<ImportOutcome> {
  const before = await exportCatalogue(tx);
  const summary = await importCatalogueIn(tx, catalogue, demoHashes);
  const after = await exportCatalogue(tx);
  const compared = compare(before, after);
  const changes = { ...compared, ...otherKinds(summary) };
  if (actor)
    await audit(tx, actor, {
      action: 'catalogue.import',
      subjectId: null,
      before: { values: valuesOf(before, compared) },
      after: { summary, changes: onlyChanges(changes), values: valuesOf(after, compared) },
    });
  return { summary, changes, counts: totals(compared) };
}

/** The audit entry keeps what changed, not the counts of what stayed. */
function onlyChanges(changes: Record<string, ImportKindChanges>) {
  return Object.fromEntries(
    Object.entries(changes)
      .filter(([, entry]) => entry.added.length + entry.changed.length > 0)
      .map(([kind, entry]) => [kind, { added: entry.added, changed: entry.changed }]),
  );
}

/** The content, in `file`, of each entity the comparison found added or changed: by kind, then key. */
function valuesOf(file: CatalogueExport, compared: Record<string, ImportKindChanges>) {
  const rows = keyed(file);
  const values: Record<string, Record<string, unknown>> = {};
  for (const [kind, entry] of Object.entries(compared)) {
    for (const key of [...entry.added, ...entry.changed]) {
      const content = rows[kind]?.get(key);
      if (content !== undefined) (values[kind] ??= {})[key] = JSON.parse(content) as unknown;
    }
  }
  return values;
}

/** The catalogue as one file: exported, and imported from the console or the staff command line. */
export class CatalogueFileService {
  constructor(private readonly db: Db) {}

  /** The whole catalogue as the file the import reads. */
  exportAll(): Promise<CatalogueExport> {
    return exportCatalogue(this.db);
  }

  /** The command line's import (`catalogue:import <file>`): one transaction, audited as the console's. */
  async importFileAsStaff(path: string, passwords: PasswordHasher, actor: Actor): Promise<ImportSummary> {
    const catalogue = await readCatalogueFile(path);
    const demoHashes = await hashDemoPasswords(catalogue.demoStudents, passwords);
    return this.db.transaction(async (tx) => (await importAudited(tx, catalogue, demoHashes, actor)).summary);
  }

  /**
   * The console's import: the same importer as the command line, in one transaction. A preview runs it and
   * rolls back, answering what would be added and changed, or what it refuses; an apply commits it.
   */
  async importFromConsole(
    passwords: PasswordHasher,
    actor: Actor,
    json: unknown,
    mode: 'preview' | 'apply',
  ): Promise<CatalogueImportAnswer> {
    let catalogue: Catalogue;
    try {
      catalogue = parseCatalogue(json);
    } catch (error) {
      // Each refused field by its place in the file, for the console to name its line.
      if (error instanceof CatalogueError)
        throw badRequest(error.message, {
          errors: Object.fromEntries(error.issues.map((issue) => [issue.path.join('.'), issue.message])),
        });
      throw error;
    }
    const demoHashes = await hashDemoPasswords(catalogue.demoStudents, passwords);
    try {
      return await this.db.transaction(async (tx) => {
        const refused = await holdingsRefusals(tx, catalogue);
        if (refused.length > 0) {
          const answer = {
            success: true as const,
            message: formatMessage(messages.catalogueImportRefused, { count: refused.length }),
            mode,
            changes: {},
            refused,
          };
          if (mode === 'preview') throw new PreviewDone(answer);
          throw new HttpError(409, answer.message, { refused });
        }
        const { changes, counts } = await importAudited(
          tx,
          catalogue,
          demoHashes,
          mode === 'apply' ? actor : undefined,
        );
        const message =
          mode === 'preview' ? messages.catalogueImportPreviewed : messages.catalogueImportApplied;
        const answer = {
          success: true as const,
          message: formatMessage(message, counts),
          mode,
          changes,
          refused: [],
        };
        if (mode === 'preview') throw new PreviewDone(answer);
        return answer;
      });
    } catch (error) {
      if (error instanceof PreviewDone) return error.answer;
      if (error instanceof CatalogueError) throw badRequest(`${error.message}; nothing was changed`);
      throw error;
    }
  }
}
