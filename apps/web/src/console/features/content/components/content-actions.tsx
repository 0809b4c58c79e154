import { useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { $ZodType as ZodType } from 'zod/v4/core';
import { messages } from '@portal/shared/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError, failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import { moved, useContentChange } from '@/console/features/content/api/content';

/** The server's sentence of a failed change. */
export const changeFailure = (error: unknown) => failureMessage(error, { network: messages.serverError });

/** `changeFailure` in the language shown now. */
export function useChangeFailure() {
  const tm = useMessageText();
  return (error: unknown) => tm(changeFailure(error));
}

/** Up and down buttons that send the parent's whole new order with `order`. */
export function MoveButtons({
  what,
  ids,
  index,
  order,
  refresh,
}: {
  what: string;
  ids: string[];
  index: number;
  order: (ids: string[]) => Promise<unknown>;
  refresh: QueryKey;
}) {
  const t = useT();
  const failure = useChangeFailure();
  const change = useContentChange(refresh);
  const move = (by: -1 | 1) => change.mutate(() => order(moved(ids, index, by)));
  return (
    <>
      <Button
        variant="secondary"
        disabled={index === 0}
        onClick={() => move(-1)}
        aria-label={t('content.actions.moveUp', { what })}
      >
        ↑
      </Button>
      <Button
        variant="secondary"
        disabled={index === ids.length - 1}
        onClick={() => move(1)}
        aria-label={t('content.actions.moveDown', { what })}
      >
        ↓
      </Button>
      {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
    </>
  );
}

/**
 * Delete with a confirmation, by `remove`. A 409 (students have watched these videos) shows the server's
 * reason and offers to delete anyway, with `dropProgress` (decision 0024).
 */
export function DeleteButton({
  what,
  remove,
  refresh,
}: {
  what: string;
  remove: (dropProgress: boolean) => Promise<unknown>;
  refresh: QueryKey;
}) {
  const t = useT();
  const failure = useChangeFailure();
  const [open, setOpen] = useState(false);
  const change = useContentChange(refresh);
  const watched = change.error instanceof ApiError && change.error.status === 409;
  const run = (dropProgress: boolean) =>
    change.mutate(() => remove(dropProgress), { onSuccess: () => setOpen(false) });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('content.actions.deleteWhat', { what })}
      </Button>
      {open ? (
        <Dialog title={t('content.actions.deleteTitle', { what })} onClose={() => setOpen(false)}>
          <div className="stack">
            {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
            <div className="console-row">
              {watched ? (
                <Button variant="danger" loading={change.isPending} onClick={() => run(true)}>
                  {t('content.actions.deleteAnyway')}
                </Button>
              ) : (
                <Button variant="danger" loading={change.isPending} onClick={() => run(false)}>
                  {t('content.actions.delete')}
                </Button>
              )}
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('content.actions.cancel')}
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

/** An item's edit form as data: the shared schema, its fields, the item's values, the call that sends them. */
export interface EditForm<Fields extends FieldValues, Values extends FieldValues> {
  schema: ZodType<Values, Fields>;
  fields: readonly EntityField<Fields, Values>[];
  defaultValues: Fields;
  save: (values: Values) => Promise<unknown>;
}

/** An "Edit …" button opening a dialog with the item's form; the dialog closes once the edit is saved. */
export function EditDialog<Fields extends FieldValues, Values extends FieldValues>({
  what,
  refresh,
  form,
}: {
  what: string;
  refresh: QueryKey;
  form: EditForm<Fields, Values>;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const change = useContentChange(refresh);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('content.actions.editWhat', { what })}
      </Button>
      {open ? (
        <Dialog title={t('content.actions.editWhat', { what })} onClose={close}>
          <EntityForm
            className="stack"
            schema={form.schema}
            fields={form.fields}
            defaultValues={form.defaultValues}
            submitLabel={t('content.actions.save')}
            save={change}
            onSubmit={(values) => change.mutate(() => form.save(values), { onSuccess: close })}
            actions={
              <Button variant="secondary" onClick={close}>
                {t('content.actions.cancel')}
              </Button>
            }
          />
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * An ordered item's own controls, in the order every content list shows them: move up and down, edit (the
 * dialog's form as `edit`), anything of the item's own (`extra`, a textbook's cover), delete.
 */
export function ItemActions<Fields extends FieldValues, Values extends FieldValues>(props: {
  what: string;
  ids: string[];
  index: number;
  refresh: QueryKey;
  order: (ids: string[]) => Promise<unknown>;
  edit: EditForm<Fields, Values>;
  remove: (dropProgress: boolean) => Promise<unknown>;
  extra?: ReactNode;
}) {
  const { what, refresh } = props;
  return (
    <>
      <MoveButtons what={what} ids={props.ids} index={props.index} order={props.order} refresh={refresh} />
      <EditDialog what={what} refresh={refresh} form={props.edit} />
      {props.extra}
      <DeleteButton what={what} remove={props.remove} refresh={refresh} />
    </>
  );
}
