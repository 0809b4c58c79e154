import { useState } from 'react';
import type { StaffTimeSlot } from '@portal/shared/schemas/staff-catalogue';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { FilterBar } from '@/console/components/filter-bar';
import { QueryState } from '@/console/components/query-state';
import { ListTable, type Column } from '@/console/components/list-table';
import { useSearchState } from '@/console/lib/use-search-state';
import { catalogueBatchOptions, useCatalogueBatches } from '@/console/features/catalogue/api/batches';
import { useDeleteTimeSlot, useTimeSlots } from '@/console/features/catalogue/api/time-slots';
import { TimeSlotForm } from '@/console/features/catalogue/components/time-slot-form';
import { useScopeFilters } from '@/console/features/catalogue/components/scope-fields';
import { useFormat } from '@/lib/i18n';
import { useT } from '@/console/i18n';

const filters = ['batchId', 'course', 'quarter'] as const;

export function TimeSlotsRoute() {
  const t = useT();
  const format = useFormat();
  const search = useSearchState(filters);
  const batches = useCatalogueBatches();
  const slots = useTimeSlots(search.values);
  const [editing, setEditing] = useState<StaffTimeSlot | null>(null);
  const [deleting, setDeleting] = useState<StaffTimeSlot | null>(null);
  const batchOptions = catalogueBatchOptions(batches.data);
  const scopeFilters = useScopeFilters(batchOptions);

  return (
    <div className="stack">
      <h1>{t('catalogue.timeSlots.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('catalogue.timeSlots.filter')}
        fields={scopeFilters}
        values={search.values}
        onApply={search.setFilters}
      />
      <section className="console-section stack" aria-label={t('catalogue.timeSlots.createHeading')}>
        <h2>{t('catalogue.timeSlots.createHeading')}</h2>
        {batches.data ? (
          <TimeSlotForm batches={batches.data} defaultBatchId={search.values.batchId} />
        ) : (
          <Skeleton lines={3} />
        )}
      </section>
      <QueryState query={slots} />
      {slots.data ? (
        <ListTable
          label={t('catalogue.timeSlots.title')}
          caption={t('catalogue.timeSlots.caption', { count: slots.data.length })}
          rows={slots.data}
          rowKey={(slot) => slot._id}
          columns={timeSlotColumns(t, format, { edit: setEditing, remove: setDeleting })}
        />
      ) : null}
      {editing && batches.data ? (
        <Dialog
          title={t('catalogue.timeSlots.editTitle', {
            name: editing.name,
            day: editing.day,
            time: editing.time,
          })}
          onClose={() => setEditing(null)}
        >
          <TimeSlotForm batches={batches.data} slot={editing} onSaved={() => setEditing(null)} />
        </Dialog>
      ) : null}
      {deleting ? <DeleteSlotDialog slot={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function timeSlotColumns(
  t: ReturnType<typeof useT>,
  format: ReturnType<typeof useFormat>,
  actions: { edit: (slot: StaffTimeSlot) => void; remove: (slot: StaffTimeSlot) => void },
): Column<StaffTimeSlot>[] {
  const count = (value: number) => format.number(value, { useGrouping: false });
  const hidden = (slot: StaffTimeSlot) => (
    <span className="visually-hidden">
      {' '}
      {slot.name} {slot.day} {slot.time}
    </span>
  );
  return [
    {
      key: 'batch',
      header: t('catalogue.fields.batch'),
      cell: (slot) => (
        <>
          {slot.batchName} · {slot.city}
        </>
      ),
    },
    { key: 'course', header: t('catalogue.fields.course'), cell: (slot) => slot.course },
    { key: 'quarter', header: t('catalogue.fields.quarter'), cell: (slot) => slot.quarter },
    {
      key: 'gender',
      header: t('catalogue.fields.gender'),
      cell: (slot) => t(`catalogue.genders.${slot.gender}`),
    },
    {
      key: 'centre',
      header: t('catalogue.fields.centre'),
      cell: (slot) => (
        <>
          {slot.location ? (
            <a href={slot.location} target="_blank" rel="noreferrer">
              {slot.name}
            </a>
          ) : (
            slot.name
          )}
          , {slot.campus}
        </>
      ),
    },
    {
      key: 'dayAndTime',
      header: t('catalogue.timeSlots.dayAndTime'),
      cell: (slot) => (
        <>
          {slot.day}, {slot.time}
        </>
      ),
    },
    { key: 'fee', header: t('catalogue.fields.fee'), cell: (slot) => count(slot.quarterFee) },
    { key: 'booked', header: t('catalogue.timeSlots.booked'), cell: (slot) => count(slot.bookedSeats) },
    { key: 'seats', header: t('catalogue.fields.seats'), cell: (slot) => count(slot.totalSeats) },
    {
      key: 'actions',
      header: t('catalogue.actions.actions'),
      headerHidden: true,
      cell: (slot) => (
        <div className="console-row">
          <Button variant="secondary" onClick={() => actions.edit(slot)}>
            {t('catalogue.actions.edit')}
            {hidden(slot)}
          </Button>
          <Button variant="danger" onClick={() => actions.remove(slot)}>
            {t('catalogue.actions.delete')}
            {hidden(slot)}
          </Button>
        </div>
      ),
    },
  ];
}

function DeleteSlotDialog({ slot, onClose }: { slot: StaffTimeSlot; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteTimeSlot();
  return (
    <ConfirmDialog
      title={t('catalogue.timeSlots.deleteTitle', { name: slot.name, day: slot.day, time: slot.time })}
      confirmLabel={t('catalogue.actions.delete')}
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() => remove.mutate(slot._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {t('catalogue.timeSlots.deleteBody')}
    </ConfirmDialog>
  );
}
