import { z } from '@portal/shared/schemas/zod';
import { announcementRequestSchema } from '@portal/shared/schemas/staff-announcements';
import {
  batchCreateSchema,
  branchInputSchema,
  courseCreateSchema,
  onlineFeeSetSchema,
  timeSlotInputSchema,
} from '@portal/shared/schemas/staff-catalogue';
import { batchConfigRequestSchema } from '@portal/shared/schemas/staff-config';

/*
 * One validation path (issue 26): each entity of a catalogue file must pass the schema of the call that
 * creates it in the console, so that a file cannot store what the call refuses (a `javascript:` link, a
 * 200-character batch name). The file's own schema (catalogue.ts) says how the file is shaped; these rules
 * say what each entity may hold.
 */

/** One refused field: its place in the file (`timeSlots.3.location`) and why. */
export interface EntityIssue {
  path: (string | number)[];
  message: string;
}

interface Rule<T> {
  schema: z.ZodMiniType;
  /** The entity as the call's body names its fields. */
  asCall: (entity: T) => unknown;
  /** The file's name of a call's field, where they differ. */
  fileNames?: Record<string, string>;
}

type FileEntity = Record<string, unknown>;

const rules: Record<string, Rule<FileEntity>> = {
  courses: { schema: courseCreateSchema, asCall: (course) => course },
  batches: {
    schema: batchCreateSchema,
    asCall: ({ name, number, city, open, restricted, courses }) => ({
      name,
      number,
      city,
      isOpen: open,
      restricted,
      courses: (courses as { code: string; mode: string }[]).map(({ code, mode }) => ({
        course: code,
        mode,
      })),
    }),
    fileNames: { isOpen: 'open', course: 'code' },
  },
  batchConfigs: {
    schema: batchConfigRequestSchema,
    asCall: ({ telegramLinks, instructionsForMale, instructionsForFemale, admitCardMessage }) => ({
      telegramLinks,
      instructionsForMale,
      instructionsForFemale,
      admitCardMessage,
    }),
  },
  timeSlots: {
    schema: z.omit(timeSlotInputSchema, { batchId: true }),
    asCall: ({ batch: _batch, fee, seats, ...slot }) => ({ ...slot, quarterFee: fee, totalSeats: seats }),
    fileNames: { quarterFee: 'fee', totalSeats: 'seats' },
  },
  onlineFees: {
    schema: z.omit(onlineFeeSetSchema, { batchId: true }),
    asCall: ({ course, quarter, fee }) => ({ course, quarter, fee }),
  },
  branches: { schema: branchInputSchema, asCall: (branch) => branch },
  announcements: {
    schema: z.omit(announcementRequestSchema, { publishedAt: true }),
    asCall: ({ title, description, url }) => ({ title, description, url }),
  },
};

/** Every field of the file's entities that the creating call would refuse, in file order. */
export function entityIssues(catalogue: Record<string, unknown>): EntityIssue[] {
  const issues: EntityIssue[] = [];
  for (const [kind, rule] of Object.entries(rules)) {
    const entities = (catalogue[kind] ?? []) as FileEntity[];
    entities.forEach((entity, index) => {
      const parsed = rule.schema.safeParse(rule.asCall(entity));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = issue.path.map((part) =>
          typeof part === 'string' ? (rule.fileNames?.[part] ?? part) : (part as number),
        );
        issues.push({ path: [kind, index, ...field], message: issue.message });
      }
    });
  }
  return issues;
}
