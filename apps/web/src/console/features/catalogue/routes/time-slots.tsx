import { useState } from 'react';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import type { StaffTimeSlot } from '@portal/shared/schemas/staff-catalogue';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Skeleton } from '../../../../components/ui/skeleton';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FilterBar, optionsOf } from '../../../components/filter-bar';
import { QueryState } from '../../../components/query-state';
import { TableScroll } from '../../../components/table-scroll';
import { useSearchState } from '../../../lib/use-search-state';
import { catalogueBatchOptions, useCatalogueBatches } from '../api/batches';
import { useDeleteTimeSlot, useTimeSlots } from '../api/time-slots';
import { TimeSlotForm } from '../components/time-slot-form';

const filters = ['batchId', 'course', 'quarter'] as const;

export function TimeSlotsRoute() {
  const search = useSearchState(filters);
  const batches = useCatalogueBatches();
  const slots = useTimeSlots(search.values);
  const [editing, setEditing] = useState<StaffTimeSlot | null>(null);
  const [deleting, setDeleting] = useState<StaffTimeSlot | null>(null);
  const batchOptions = catalogueBatchOptions(batches.data);

  return (
    <div className="stack">
      <h1>Time slots</h1>
      <FilterBar
        key={search.filtersKey}
        label="Filter time slots"
        fields={[
          { name: 'batchId', label: 'Batch', kind: 'select', options: batchOptions },
          { name: 'course', label: 'Course', kind: 'select', options: optionsOf(COURSE_CODES) },
          { name: 'quarter', label: 'Quarter', kind: 'select', options: optionsOf(QUARTERS) },
        ]}
        values={search.values}
        onApply={search.setFilters}
      />
      <section className="console-section stack" aria-label="Create a time slot">
        <h2>Create a time slot</h2>
        {batches.data ? (
          <TimeSlotForm batches={batches.data} defaultBatchId={search.values.batchId} />
        ) : (
          <Skeleton lines={3} />
        )}
      </section>
      <QueryState query={slots} />
      {slots.data ? (
        <TableScroll label="Time slots">
          <table className="console-table">
            <caption>Time slots ({slots.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Course</th>
                <th scope="col">Quarter</th>
                <th scope="col">Gender</th>
                <th scope="col">Centre</th>
                <th scope="col">Day and time</th>
                <th scope="col">Fee</th>
                <th scope="col">Booked</th>
                <th scope="col">Seats</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
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
                  <td>{slot.gender}</td>
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
                  <td>{slot.quarterFee}</td>
                  <td>{slot.bookedSeats}</td>
                  <td>{slot.totalSeats}</td>
                  <td>
                    <div className="console-row">
                      <Button variant="secondary" onClick={() => setEditing(slot)}>
                        Edit
                        <span className="visually-hidden">
                          {' '}
                          {slot.name} {slot.day} {slot.time}
                        </span>
                      </Button>
                      <Button variant="danger" onClick={() => setDeleting(slot)}>
                        Delete
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
          title={`Edit ${editing.name}, ${editing.day} ${editing.time}`}
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
  const remove = useDeleteTimeSlot();
  return (
    <ConfirmDialog
      title={`Delete ${slot.name}, ${slot.day} ${slot.time}?`}
      confirmLabel="Delete"
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() => remove.mutate(slot._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      A time slot that students hold (vouchers or booked seats) cannot be deleted.
    </ConfirmDialog>
  );
}
