import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ComponentProps, type ReactNode } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { $ZodType as ZodType } from 'zod/v4/core';
import { messages } from '@portal/shared/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { FieldMessages, useFieldIds } from '@/components/ui/text-field/field-messages';
import { ApiError, failureMessage } from '@/lib/api-client';
import { useFieldErrorText, useMessageText } from '@/lib/i18n';
import { TextAreaField } from '@/console/components/text-area-field';

/** The form's own handle, for a page that fills one field from another or empties the form once saved. */
export type EntityFormApi<Fields extends FieldValues, Values extends FieldValues> = UseFormReturn<
  Fields,
  unknown,
  Values
>;

interface FieldBase<Fields extends FieldValues> {
  /** The schema's key: the value sent, and the key of the server's `errors` that lands here. */
  name: FieldPath<Fields>;
  label: string;
  hint?: string;
  autoComplete?: string;
  /** Shown and sent as it stands, not to be changed here (the value is still checked by the schema). */
  disabled?: boolean;
  /** The page's sentence for a failed check of this field (a select's "Choose the batch"), not the schema's. */
  errorText?: string;
}

/**
 * One field of an entity form, declared as data. A number is typed as text with a numeric keyboard: the
 * schema turns it into a number, and its message says what is wrong with what was typed.
 */
export type EntityField<Fields extends FieldValues, Values extends FieldValues> = FieldBase<Fields> &
  (
    | { kind: 'text'; type?: 'text' | 'url' | 'email' | 'tel' }
    | { kind: 'number' }
    | {
        kind: 'select';
        options: readonly SelectOption[];
        /** The first, empty choice: the field starts unchosen. */
        placeholder?: string;
        /** After the choice is stored (a slot's batch fills in its city). */
        onChange?: (value: string, form: EntityFormApi<Fields, Values>) => void;
      }
    | { kind: 'textarea'; rows?: number }
    | { kind: 'checkbox' }
  );

/** The page's mutation as the form reads it: progress on the button, and its failure under the fields. */
export interface EntitySave {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface EntityFormProps<Fields extends FieldValues, Values extends FieldValues> {
  /** The shared schema the server checks too: the form shows its messages before anything is sent. */
  schema: ZodType<Values, Fields>;
  fields: readonly EntityField<Fields, Values>[];
  /** What the form starts with (read once, as react-hook-form does). */
  defaultValues: Fields;
  submitLabel: string;
  save: EntitySave;
  /** The form's accessible name, where a page holds several forms (one per section or lesson). */
  label?: string;
  /** The form's layout: the catalogue's columns unless told (`filter-bar` on one line, `stack` in a dialog). */
  className?: string;
  /** Beside the button: a dialog's Cancel, or why the button waits. */
  actions?: ReactNode;
  /** The button waits on something the schema does not hold (a video still to upload); nothing is sent. */
  submitDisabled?: boolean;
  /** Sends the checked values with the page's mutation; `form` to empty it once saved. */
  onSubmit: (values: Values, form: EntityFormApi<Fields, Values>) => void;
  /** Fields the schema does not hold (a new batch's courses), after the declared ones. */
  children?: ReactNode;
  /** The page's own refusal (nothing was sent), shown before a failed save's message. */
  notice?: ReactNode;
  /** A save's confirmation, shown after the failure's place. */
  success?: ReactNode;
}

/**
 * A console create/edit form on a shared schema: the labelled fields, the schema's messages on their fields,
 * the button's progress while saving, the failure's sentence (the form keeps what was typed, so pressing the
 * button again retries), and a validation refusal's `errors` on the fields they name.
 */
export function EntityForm<Fields extends FieldValues, Values extends FieldValues>(
  props: EntityFormProps<Fields, Values>,
) {
  const tm = useMessageText();
  const { save, fields } = props;
  const form = useForm<Fields, unknown, Values>({
    resolver: zodResolver(props.schema),
    defaultValues: props.defaultValues as DefaultValues<Fields>,
  });
  useServerFieldErrors(form, save.error, fields);

  function submit(values: Values) {
    // The button ignores presses while saving or waiting; Enter in a field must not send either.
    if (!save.isPending && !props.submitDisabled) props.onSubmit(values, form);
  }

  return (
    <form
      className={props.className ?? 'console-form'}
      aria-label={props.label}
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      {fields.map((field) => (
        <EntityFieldControl
          key={field.name}
          field={field}
          form={form}
          defaultValue={get<Fields, unknown>(props.defaultValues, field.name)}
        />
      ))}
      {props.children}
      <div className="console-row">
        <Button type="submit" disabled={props.submitDisabled} loading={save.isPending}>
          {props.submitLabel}
        </Button>
        {props.actions}
      </div>
      {props.notice}
      {save.isError ? (
        <Alert tone="error">{tm(failureMessage(save.error, { network: messages.serverError }))}</Alert>
      ) : null}
      {props.success}
    </form>
  );
}

/**
 * A refusal's field messages (API.md: `errors`, by the body's key) shown on the declared fields they name,
 * the first of them focused; the general message stays in the alert. The next submit checks afresh.
 */
function useServerFieldErrors<Fields extends FieldValues, Values extends FieldValues>(
  form: EntityFormApi<Fields, Values>,
  error: unknown,
  fields: readonly EntityField<Fields, Values>[],
) {
  const { setError } = form;
  const names = fields.map((field) => field.name).join(' ');
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    const refused = names.split(' ').filter((name) => error.errors[name]) as FieldPath<Fields>[];
    refused.forEach((name, index) => {
      setError(name, { type: 'server', message: error.errors[name] }, { shouldFocus: index === 0 });
    });
  }, [error, names, setError]);
}

/** One declared field, registered with the form, its message (the page's, the schema's or the server's) below. */
function EntityFieldControl<Fields extends FieldValues, Values extends FieldValues>(props: {
  field: EntityField<Fields, Values>;
  form: EntityFormApi<Fields, Values>;
  defaultValue: unknown;
}) {
  const fieldError = useFieldErrorText();
  const { field, form } = props;
  const failed = get<FieldErrors<Fields>, FieldError | undefined>(form.formState.errors, field.name);
  const ownText = failed && failed.type !== 'server' ? field.errorText : undefined;
  const error = failed ? (ownText ?? fieldError(failed.message)) : undefined;
  const registered = form.register(field.name);
  const common = {
    label: field.label,
    error,
    autoComplete: field.autoComplete,
    disabled: field.disabled,
    ...registered,
  };
  switch (field.kind) {
    case 'text':
      return <TextField type={field.type} hint={field.hint} {...common} />;
    case 'number':
      return <TextField inputMode="numeric" hint={field.hint} {...common} />;
    case 'textarea':
      return <TextAreaField rows={field.rows} hint={field.hint} {...common} />;
    case 'checkbox':
      return <CheckboxField hint={field.hint} {...common} />;
    case 'select':
      return (
        <Select
          options={field.options}
          placeholder={field.placeholder}
          hint={field.hint}
          // A select carries its default in the DOM too: the form reads the DOM's selection when a field
          // registers again (StrictMode mounts twice), and one without it would fall back to its first option.
          defaultValue={typeof props.defaultValue === 'string' ? props.defaultValue : undefined}
          {...common}
          onChange={(event) => {
            void registered.onChange(event);
            field.onChange?.(event.target.value, form);
          }}
        />
      );
  }
}

/** A checkbox with its label around it, as the console's choices are; its message tied to it when refused. */
function CheckboxField({
  label,
  hint,
  error,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'id'> &
  UseFormRegisterReturn & { label: string; hint?: string | undefined; error?: string | undefined }) {
  const ids = useFieldIds(hint, error);
  return (
    <>
      <label className="console-choice">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...input}
        />{' '}
        {label}
      </label>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </>
  );
}
