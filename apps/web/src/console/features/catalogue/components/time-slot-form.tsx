import './catalogue.css';
import type { z } from '@portal/shared/schemas/zod';
import {
  SLOT_GENDERS,
  timeSlotInputSchema,
  type CatalogueBatch,
  type StaffTimeSlot,
} from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '@/components/ui/alert';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { EntityForm, type EntityField, type EntityFormApi } from '@/console/components/entity-form';
import { catalogueBatchOptions } from '@/console/features/catalogue/api/batches';
import { useScopeFormFields } from '@/console/features/catalogue/components/scope-fields';
import { useSaveTimeSlot } from '@/console/features/catalogue/api/time-slots';

type Fields = z.input<typeof timeSlotInputSchema>;
type Values = z.output<typeof timeSlotInputSchema>;

function initialValues(slot: StaffTimeSlot | undefined, batchId: string): Fields {
  if (slot)
    return {
      batchId: slot.batchId,
      course: slot.course,
      quarter: slot.quarter,
      gender: slot.gender,
      name: slot.name,
      campus: slot.campus,
      city: slot.city,
      day: slot.day,
      time: slot.time,
      location: slot.location,
      quarterFee: String(slot.quarterFee),
      year: String(slot.year),
      totalSeats: String(slot.totalSeats),
    };
  return {
    batchId,
    course: '',
    quarter: 'Q1',
    gender: 'both',
    name: '',
    campus: '',
    city: '',
    day: '',
    time: '',
    location: '',
    quarterFee: '',
    year: String(new Date().getFullYear()),
    totalSeats: '',
  };
}

/**
 * The time slot form: creates a slot, or edits one (`slot`) with the same fields. A refusal shows the
 * server's message (a 409 names the seats already booked) and the form stays as typed, to change and send again.
 */
export function TimeSlotForm(props: {
  batches: readonly CatalogueBatch[];
  slot?: StaffTimeSlot;
  defaultBatchId?: string;
  onSaved?: () => void;
}) {
  const t = useT();
  const tm = useMessageText();
  const save = useSaveTimeSlot();
  const editing = Boolean(props.slot);
  const fields = [...useChoiceFields(props.batches), ...usePlaceFields()];

  function onSubmit(body: Values, form: EntityFormApi<Fields, Values>) {
    save.mutate(
      { id: props.slot?._id, body },
      {
        onSuccess: () => {
          if (!editing) form.reset(initialValues(undefined, body.batchId));
          props.onSaved?.();
        },
      },
    );
  }

  return (
    <EntityForm
      schema={timeSlotInputSchema}
      fields={fields}
      defaultValues={initialValues(props.slot, props.defaultBatchId ?? '')}
      submitLabel={editing ? t('catalogue.actions.save') : t('catalogue.timeSlots.create')}
      save={save}
      onSubmit={onSubmit}
      success={save.isSuccess && !editing ? <Alert tone="success">{tm(save.data.message)}</Alert> : null}
    />
  );
}

type SlotField = EntityField<Fields, Values>;

/** The selects: the slot's batch, course, quarter and gender. */
function useChoiceFields(batches: readonly CatalogueBatch[]): SlotField[] {
  const t = useT();
  // A slot is in its batch's city: filled in for the person, who may still see and change it.
  function fillCityOf(batchId: string, form: EntityFormApi<Fields, Values>) {
    const batch = batches.find((candidate) => candidate._id === batchId);
    if (batch && !form.getValues('city')) form.setValue('city', batch.city);
  }
  const scope = useScopeFormFields<Fields, Values>(catalogueBatchOptions(batches), fillCityOf);
  return [
    ...scope,
    {
      name: 'gender',
      label: t('catalogue.fields.gender'),
      kind: 'select',
      options: SLOT_GENDERS.map((gender) => ({ value: gender, label: t(`catalogue.genders.${gender}`) })),
    },
  ];
}

/** The typed fields: where and when the slot meets, its fee, seats and year. */
function usePlaceFields(): SlotField[] {
  const t = useT();
  return [
    { name: 'name', label: t('catalogue.fields.centre'), kind: 'text' },
    { name: 'campus', label: t('catalogue.fields.campus'), kind: 'text' },
    { name: 'city', label: t('catalogue.fields.city'), kind: 'text' },
    { name: 'day', label: t('catalogue.fields.day'), kind: 'text', hint: t('catalogue.timeSlots.dayHint') },
    {
      name: 'time',
      label: t('catalogue.fields.time'),
      kind: 'text',
      hint: t('catalogue.timeSlots.timeHint'),
    },
    { name: 'location', label: t('catalogue.fields.mapLink'), kind: 'text', type: 'url' },
    {
      name: 'quarterFee',
      label: t('catalogue.fields.fee'),
      kind: 'number',
      hint: t('catalogue.fields.rupees'),
    },
    { name: 'totalSeats', label: t('catalogue.fields.seats'), kind: 'number' },
    { name: 'year', label: t('catalogue.fields.year'), kind: 'number' },
  ];
}
