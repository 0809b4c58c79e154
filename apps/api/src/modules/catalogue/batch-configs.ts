import type { StaffBatchConfig } from '@portal/shared/schemas/staff-config';
import type { BatchConfigRow } from './repository';
import type { BatchRow } from './config-repository';
import { sanitiseStaffHtml } from '../../lib/staff-html';

/*
 * A batch's config as content staff edit it (decision 0025), read and saved by CatalogueService: the
 * admit-card message (staff HTML, sanitised when saved and again whenever a student is shown it), the
 * instructions by gender and the group links.
 */

export type Config = Omit<BatchConfigRow, 'batchId'>;

export const emptyConfig: Config = {
  admitCardMessage: null,
  instructionsForMale: [],
  instructionsForFemale: [],
  androidLink: '',
  iosLink: '',
  groupName: '',
};

export function presentBatchConfig(batch: BatchRow, config: Config): StaffBatchConfig {
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
export function auditState(config: Config) {
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
