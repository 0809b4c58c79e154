import { useState } from 'react';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import type { StaffTimeSlot } from '@portal/shared/schemas/staff-catalogue';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { FilterBar, optionsOf } from '@/console/components/filter-bar';
import { QueryState } from '@/console/components/query-state';
import { TableScroll } from '@/console/components/table-scroll';
import { useSearchState } from '@/console/lib/use-search-state';
import { catalogueBatchOptions, useCatalogueBatches } from '@/console/features/catalogue/api/batches';
import { useDeleteTimeSlot, useTimeSlots } from '@/console/features/catalogue/api/time-slots';
import { TimeSlotForm } from '@/console/features/catalogue/components/time-slot-form';
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

  return (
    <div className="stack">
      <h1>{t('catalogue.timeSlots.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('catalogue.timeSlots.filter')}
        fields={[
          { name: 'batchId', label: t('catalogue.fields.batch'), kind: 'select', options: batchOptions },
          {
            name: 'course',
            label: t('catalogue.fields.course'),
            kind: 'select',
            options: optionsOf(COURSE_CODES),
          },
          {
            name: 'quarter',
            label: t('catalogue.fields.quarter'),
            kind: 'select',
            options: optionsOf(QUARTERS),
          },
        ]}
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
        <TableScroll label={t('catalogue.timeSlots.title')}>
          <table className="console-table">
            <caption>{t('catalogue.timeSlots.caption', { count: slots.data.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('catalogue.fields.batch')}</th>
                <th scope="col">{t('catalogue.fields.course')}</th>
                <th scope="col">{t('catalogue.fields.quarter')}</th>
                <th scope="col">{t('catalogue.fields.gender')}</th>
                <th scope="col">{t('catalogue.fields.centre')}</th>
                <th scope="col">{t('catalogue.timeSlots.dayAndTime')}</th>
                <th scope="col">{t('catalogue.fields.fee')}</th>
                <th scope="col">{t('catalogue.timeSlots.booked')}</th>
                <th scope="col">{t('catalogue.fields.seats')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('catalogue.actions.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {slots.data.map((slot) => (
                <tr key={slot._id}>
                  <td>
                    {slot.batchName} · {slot.city}
                  </td>
                  <td>{slot.course}</td>
                  <td>{slot.quarter}</td>
                  <td>{t(`catalogue.genders.${slot.gender}`)}</td>
                  <td>
                    {slot.location ? (
                      <a href={slot.location} target="_blank" rel="noreferrer">
                        {slot.name}
                      </a>
                    ) : (
                      slot.name
                    )}
                    , {slot.campus}
                  </td>
                  <td>
                    {slot.day}, {slot.time}
                  </td>
                  <td>{format.number(slot.quarterFee, { useGrouping: false })}</td>
                  <td>{format.number(slot.bookedSeats, { useGrouping: false })}</td>
                  <td>{format.number(slot.totalSeats, { useGrouping: false })}</td>
                  <td>
                    <div className="console-row">
                      <Button variant="secondary" onClick={() => setEditing(slot)}>
                        {t('catalogue.actions.edit')}
                        <span className="visually-hidden">
                          {' '}
                          {slot.name} {slot.day} {slot.time}
                        </span>
                      </Button>
                      <Button variant="danger" onClick={() => setDeleting(slot)}>
                        {t('catalogue.actions.delete')}
                        <span className="visually-hidden">
                          {' '}
                          {slot.name} {slot.day} {slot.time}
                        </span>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
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
