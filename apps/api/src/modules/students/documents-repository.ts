import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orphanFiles, studentDocuments } from '../../db/schema';
import type { StoredDocument } from './repository';

export async function upsertDocuments(
  ex: Executor,
  studentId: string,
  documents: StoredDocument[],
): Promise<void> {
  if (documents.length === 0) return;
  await ex
    .insert(studentDocuments)
    .values(documents.map((document) => ({ studentId, ...document })))
    .onConflictDoUpdate({
      target: [studentDocuments.studentId, studentDocuments.documentType],
      set: { storageKey: sql`excluded.storage_key`, uploadedAt: sql`now()` },
    });
}

/**
 * Files are written before the transaction that points to them. Each new key is recorded as an orphan
 * first and adopted by that transaction; whatever a crash or a failure leaves behind is swept later.
 */
export async function recordOrphans(ex: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await ex
    .insert(orphanFiles)
    .values(keys.map((storageKey) => ({ storageKey })))
    .onConflictDoNothing();
}

export async function adoptFiles(ex: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await ex.delete(orphanFiles).where(inArray(orphanFiles.storageKey, keys));
}

/** Those of `keys` no committed row has adopted. */
export async function orphansAmong(ex: Executor, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await ex
    .select({ key: orphanFiles.storageKey })
    .from(orphanFiles)
    .where(inArray(orphanFiles.storageKey, keys));
  return rows.map((row) => row.key);
}

export async function orphansOlderThan(ex: Executor, seconds: number, limit: number): Promise<string[]> {
  const rows = await ex
    .select({ key: orphanFiles.storageKey })
    .from(orphanFiles)
    .where(sql`${orphanFiles.orphanedAt} < now() - make_interval(secs => ${seconds})`)
    .limit(limit);
  return rows.map((row) => row.key);
}

export async function forgetOrphan(ex: Executor, key: string): Promise<void> {
  await ex.delete(orphanFiles).where(eq(orphanFiles.storageKey, key));
}
