import { messages } from '@portal/shared/messages';
import type { z } from 'zod';
import type { batchConfigRequestSchema, StaffBatchConfig } from '@portal/shared/schemas/staff-config';
import type { Db } from '../../db/client';
import { findBatchConfig, upsertBatchConfig, type BatchConfigRow } from '../enrolments/repository';
import { findBatch, lockBatch, type BatchRow } from './config-repository';
import { notFound } from '../../lib/http-error';
import { sanitiseStaffHtml } from '../../lib/staff-html';
import { audit, type Actor } from '../audit/audit';

/*
 * A batch's config as content staff edit it (decision 0025): the admit-card message (staff HTML, sanitised
 * when saved and again whenever a student is shown it), the instructions by gender and the group links.
 */

type Config = Omit<BatchConfigRow, 'batchId'>;

const emptyConfig: Config = {
  admitCardMessage: null,
  instructionsForMale: [],
  instructionsForFemale: [],
  androidLink: '',
  iosLink: '',
  groupName: '',
};

function present(batch: BatchRow, config: Config): StaffBatchConfig {
  return {
    batchId: batch.id,
    batchName: batch.name,
    city: batch.city,
    admitCardMessage: config.admitCardMessage,
    instructionsForMale: config.instructionsForMale,
    instructionsForFemale: config.instructionsForFemale,
    telegramLinks: { androidLink: config.androidLink, iosLink: config.iosLink, groupName: config.groupName },
  };
}

/** What an audit entry records of a config: every field, as stored. */
function auditState(config: Config) {
  const { admitCardMessage, instructionsForMale, instructionsForFemale, androidLink, iosLink, groupName } =
    config;
  return { admitCardMessage, instructionsForMale, instructionsForFemale, androidLink, iosLink, groupName };
}

/** Staff HTML as it will be stored and shown: sanitised; nothing left (or only spaces) is no message. */
export function sanitisedMessage(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitiseStaffHtml(html).trim();
  return clean === '' ? null : clean;
}

/** A batch's settings (decision 0041): read and saved with their audit entry. */
export class BatchConfigService {
  constructor(private readonly db: Db) {}

  /** A batch's config; a batch never configured answers the empty config. */
  async getBatchConfig(batchId: string): Promise<StaffBatchConfig> {
    const batch = await findBatch(this.db, batchId);
    if (!batch) throw notFound(messages.batchNotFound);
    const config = await findBatchConfig(this.db, batchId);
    return present(batch, config ?? emptyConfig);
  }

  /** Replaces a batch's config, audited `batchconfig.update` with the whole config before and after. */
  async saveBatchConfig(
    actor: Actor,
    batchId: string,
    body: z.output<typeof batchConfigRequestSchema>,
  ): Promise<StaffBatchConfig> {
    return this.db.transaction(async (tx) => {
      const batch = await lockBatch(tx, batchId);
      if (!batch) throw notFound(messages.batchNotFound);
      const before = await findBatchConfig(tx, batchId);
      const after: Config = {
        admitCardMessage: sanitisedMessage(body.admitCardMessage),
        instructionsForMale: body.instructionsForMale,
        instructionsForFemale: body.instructionsForFemale,
        androidLink: body.telegramLinks.androidLink,
        iosLink: body.telegramLinks.iosLink,
        groupName: body.telegramLinks.groupName,
      };
      // Saving the form unchanged changes nothing and is not an entry of the log.
      if (JSON.stringify(auditState(before ?? emptyConfig)) !== JSON.stringify(auditState(after))) {
        await upsertBatchConfig(tx, { batchId, ...after });
        await audit(tx, actor, {
          action: 'batchconfig.update',
          subjectId: batchId,
          before: before ? auditState(before) : null,
          after: auditState(after),
        });
      }
      return present(batch, after);
    });
  }
}
