import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { ENROLMENT_STATUSES } from '@portal/shared/constants/enrolment';
import { messages } from '@portal/shared/messages';
import type { StaffAnnouncement } from '@portal/shared/schemas/staff-announcements';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { optionsOf } from '@/console/components/filter-bar';
import { TextAreaField } from '@/console/components/text-area-field';
import { useT } from '@/console/i18n';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';

/** The announcement form: its texts, link and time, its audience and Urdu texts (decision 0050). */
export interface AnnouncementForm {
  title: string;
  description: string;
  url: string;
  /** `datetime-local`: the person's own time, to the minute; empty publishes now. */
  publishAt: string;
  batchId: string;
  course: string;
  status: string;
  city: string;
  titleUr: string;
  descriptionUr: string;
  /** Also e-mail it to its audience (a new announcement published now only). */
  email: boolean;
}

interface FieldsProps {
  register: UseFormRegister<AnnouncementForm>;
  errors: FieldErrors<AnnouncementForm>;
}

/**
 * Who the announcement is for: each field chosen narrows it, none is every student. A student is in it when
 * one of their registrations has the batch, course and status chosen, and they live in the city typed.
 */
export function AudienceFields({ register }: FieldsProps) {
  const t = useT();
  const batches = useStaffBatches();
  return (
    <fieldset className="console-fieldset stack">
      <legend>{t('announcements.audience.legend')}</legend>
      <p className="field__hint">{t('announcements.audience.hint')}</p>
      <div className="filter-bar">
        <Select
          label={t('announcements.audience.batch')}
          placeholder={t('announcements.audience.anyBatch')}
          options={batchOptions(batches.data)}
          {...register('batchId')}
        />
        <Select
          label={t('announcements.audience.course')}
          placeholder={t('announcements.audience.anyCourse')}
          options={optionsOf(COURSE_CODES)}
          {...register('course')}
        />
        <Select
          label={t('announcements.audience.status')}
          placeholder={t('announcements.audience.anyStatus')}
          options={optionsOf(ENROLMENT_STATUSES)}
          {...register('status')}
        />
        <TextField
          label={t('announcements.audience.city')}
          hint={t('announcements.audience.anyCity')}
          {...register('city', { maxLength: { value: 100, message: t('announcements.titleMax') } })}
        />
      </div>
    </fieldset>
  );
}

/** The Urdu title and text, for students who read the portal in Urdu: both or neither (the server checks too). */
export function UrduFields({ register, errors, getTitle }: FieldsProps & { getTitle: () => string }) {
  const t = useT();
  return (
    <fieldset className="console-fieldset stack">
      <legend>{t('announcements.urdu.legend')}</legend>
      <p className="field__hint">{t('announcements.urdu.hint')}</p>
      <TextField
        label={t('announcements.urdu.title')}
        lang="ur"
        dir="rtl"
        error={errors.titleUr?.message}
        {...register('titleUr', { maxLength: { value: 200, message: t('announcements.titleMax') } })}
      />
      <TextAreaField
        label={t('announcements.urdu.text')}
        lang="ur"
        dir="rtl"
        error={errors.descriptionUr?.message}
        {...register('descriptionUr', {
          validate: (value) =>
            (value.trim() === '') === (getTitle().trim() === '') || messages.announcementUrduIncomplete,
        })}
      />
    </fieldset>
  );
}

/** Who an announcement is for, in a few words: "Everyone", or its batch (as the pickers name it), course, status and city. */
export function useAudienceText() {
  const t = useT();
  const batches = batchOptions(useStaffBatches().data);
  return ({ audience }: StaffAnnouncement): string => {
    const batch = audience.batchId
      ? (batches.find((option) => option.value === audience.batchId)?.label ?? '?')
      : null;
    const parts = [batch, audience.course, audience.status, audience.city].filter(
      (part): part is string => part !== null,
    );
    return parts.length === 0 ? t('announcements.audience.everyone') : parts.join(', ');
  };
}
