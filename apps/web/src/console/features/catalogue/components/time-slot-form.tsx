import './catalogue.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { messages } from '@portal/shared/messages';
import {
  SLOT_GENDERS,
  timeSlotInputSchema,
  type CatalogueBatch,
  type StaffTimeSlot,
} from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { failureMessage } from '@/lib/api-client';
import { useFieldErrorText, useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { optionsOf } from '@/console/components/filter-bar';
import { catalogueBatchOptions } from '@/console/features/catalogue/api/batches';
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
  const defaults = initialValues(props.slot, props.defaultBatchId ?? '');
  const { register, handleSubmit, formState, reset, setValue, getValues } = useForm<Fields, unknown, Values>({
    resolver: zodResolver(timeSlotInputSchema),
    defaultValues: defaults,
  });
  const { errors } = formState;
  const editing = Boolean(props.slot);

  function onSubmit(body: Values) {
    save.mutate(
      { id: props.slot?._id, body },
      {
        onSuccess: () => {
          if (!editing) reset(initialValues(undefined, body.batchId));
          props.onSaved?.();
        },
      },
    );
  }

  // A slot is in its batch's city: filled in for the person, who may still see and change it.
  function fillCityOf(batchId: string) {
    const batch = props.batches.find((candidate) => candidate._id === batchId);
    if (batch && !getValues('city')) setValue('city', batch.city);
  }

  return (
    <form className="console-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TimeSlotChoiceFields
        batches={props.batches}
        defaults={defaults}
        register={register}
        errors={errors}
        onBatchChosen={fillCityOf}
      />
      <TimeSlotPlaceFields register={register} errors={errors} />
      <div className="console-row">
        <Button type="submit" loading={save.isPending}>
          {editing ? t('catalogue.actions.save') : t('catalogue.timeSlots.create')}
        </Button>
      </div>
      {save.isError ? (
        <Alert tone="error">{tm(failureMessage(save.error, { network: messages.serverError }))}</Alert>
      ) : null}
      {save.isSuccess && !editing ? <Alert tone="success">{tm(save.data.message)}</Alert> : null}
    </form>
  );
}

/** The selects: the slot's batch, course, quarter and gender. */
function TimeSlotChoiceFields(props: {
  batches: readonly CatalogueBatch[];
  defaults: Fields;
  register: UseFormRegister<Fields>;
  errors: FieldErrors<Fields>;
  onBatchChosen: (batchId: string) => void;
}) {
  const t = useT();
  const fieldError = useFieldErrorText();
  const { register, errors, defaults } = props;
  const batchField = register('batchId');
  // Selects carry their default in the DOM too: the form reads the DOM's selection when a field registers
  // again (StrictMode mounts twice), and a select without one would fall back to its first option.
  return (
    <>
      <Select
        label={t('catalogue.fields.batch')}
        placeholder={t('catalogue.fields.choose')}
        options={catalogueBatchOptions(props.batches)}
        error={errors.batchId ? t('catalogue.fields.chooseBatch') : undefined}
        defaultValue={defaults.batchId}
        {...batchField}
        onChange={(event) => {
          void batchField.onChange(event);
          props.onBatchChosen(event.target.value);
        }}
      />
      <Select
        label={t('catalogue.fields.course')}
        placeholder={t('catalogue.fields.choose')}
        options={optionsOf(COURSE_CODES)}
        error={errors.course ? t('catalogue.fields.chooseCourse') : undefined}
        defaultValue={defaults.course}
        {...register('course')}
      />
      <Select
        label={t('catalogue.fields.quarter')}
        options={optionsOf(QUARTERS)}
        error={fieldError(errors.quarter?.message)}
        {...register('quarter')}
      />
      <Select
        label={t('catalogue.fields.gender')}
        options={SLOT_GENDERS.map((gender) => ({ value: gender, label: t(`catalogue.genders.${gender}`) }))}
        error={fieldError(errors.gender?.message)}
        {...register('gender')}
      />
    </>
  );
}

/** The typed fields: where and when the slot meets, its fee, seats and year. */
function TimeSlotPlaceFields(props: { register: UseFormRegister<Fields>; errors: FieldErrors<Fields> }) {
  const t = useT();
  const fieldError = useFieldErrorText();
  const { register, errors } = props;
  return (
    <>
      <TextField
        label={t('catalogue.fields.centre')}
        error={fieldError(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('catalogue.fields.campus')}
        error={fieldError(errors.campus?.message)}
        {...register('campus')}
      />
      <TextField
        label={t('catalogue.fields.city')}
        error={fieldError(errors.city?.message)}
        {...register('city')}
      />
      <TextField
        label={t('catalogue.fields.day')}
        hint={t('catalogue.timeSlots.dayHint')}
        error={fieldError(errors.day?.message)}
        {...register('day')}
      />
      <TextField
        label={t('catalogue.fields.time')}
        hint={t('catalogue.timeSlots.timeHint')}
        error={fieldError(errors.time?.message)}
        {...register('time')}
      />
      <TextField
        label={t('catalogue.fields.mapLink')}
        type="url"
        error={fieldError(errors.location?.message)}
        {...register('location')}
      />
      <TextField
        label={t('catalogue.fields.fee')}
        inputMode="numeric"
        hint={t('catalogue.fields.rupees')}
        error={fieldError(errors.quarterFee?.message)}
        {...register('quarterFee')}
      />
      <TextField
        label={t('catalogue.fields.seats')}
        inputMode="numeric"
        error={fieldError(errors.totalSeats?.message)}
        {...register('totalSeats')}
      />
      <TextField
        label={t('catalogue.fields.year')}
        inputMode="numeric"
        error={fieldError(errors.year?.message)}
        {...register('year')}
      />
    </>
  );
}
