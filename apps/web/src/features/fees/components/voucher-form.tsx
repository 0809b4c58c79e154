import type { Quarter } from '@portal/shared/constants/courses';
import { formatMessage, messages } from '@portal/shared/messages';
import type { TimeSlot, Voucher } from '@portal/shared/schemas/fees';
import { useState, type Ref } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useGenerateVoucher, useTimeSlot, useTimeSlots, type FeeFields } from '../api/fees';

interface VoucherFormProps {
  fields: FeeFields;
  quarter: Quarter;
  onsiteOffered: boolean;
  onGenerated: (voucher: Voucher) => void;
  ref?: Ref<HTMLElement>;
}

type Mode = 'onsite' | 'online' | '';

function centreKey(slot: TimeSlot) {
  return `${slot.name} - ${slot.campus}`;
}

function unique(values: string[]) {
  return [...new Set(values)];
}

/** The voucher form of a pending quarter (spec sections 4 and 5): Online, or Onsite centre → day → time. */
export function VoucherForm({ fields, quarter, onsiteOffered, onGenerated, ref }: VoucherFormProps) {
  const [mode, setMode] = useState<Mode>('');
  const [centre, setCentre] = useState('');
  const [day, setDay] = useState('');
  const [slotId, setSlotId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const slots = useTimeSlots(fields, quarter, mode === 'onsite');
  const slot = useTimeSlot(mode === 'onsite' && slotId ? slotId : null);
  const generate = useGenerateVoucher(fields, quarter);
  const locked = generate.isPending || generate.isSuccess;

  const all = slots.data ?? [];
  const centres = unique(all.map(centreKey));
  const days = unique(all.filter((entry) => centreKey(entry) === centre).map((entry) => entry.day));
  const times = all.filter((entry) => centreKey(entry) === centre && entry.day === day);
  const remaining = slot.data ? slot.data.totalSeats - slot.data.bookedSeats : 0;
  const ready = mode === 'online' || (mode === 'onsite' && slot.data !== undefined && remaining > 0);

  function chooseMode(next: Mode) {
    setMode(next);
    setCentre('');
    setDay('');
    setSlotId('');
    generate.reset();
  }

  function agree() {
    setConfirming(false);
    const request =
      mode === 'onsite' && slot.data
        ? ({ mode: 'onsite', timeslotId: slot.data._id } as const)
        : ({ mode: 'online' } as const);
    generate.mutate(request, { onSuccess: onGenerated });
  }

  function reload() {
    generate.reset();
    if (mode === 'onsite') {
      void slots.refetch();
      if (slotId) void slot.refetch();
    }
  }

  const confirmText =
    mode === 'onsite' && slot.data
      ? formatMessage(messages.confirmCentre, { center: slot.data.name, campus: slot.data.campus })
      : messages.confirmOnline;
  const slotError = slots.error ?? slot.error;

  return (
    <section ref={ref} className="voucher-form" aria-labelledby="voucher-form-title" tabIndex={-1}>
      <h2 id="voucher-form-title" className="voucher-form__title">
        Generate fee voucher for Quarter {quarter.slice(1)}
      </h2>
      <fieldset className="voucher-form__fields" disabled={locked}>
        <fieldset className="voucher-form__modes">
          <legend>How will you attend?</legend>
          {onsiteOffered ? (
            <label className="voucher-form__mode">
              <input
                type="radio"
                name="mode"
                value="onsite"
                checked={mode === 'onsite'}
                onChange={() => chooseMode('onsite')}
              />
              Onsite
            </label>
          ) : null}
          <label className="voucher-form__mode">
            <input
              type="radio"
              name="mode"
              value="online"
              checked={mode === 'online'}
              onChange={() => chooseMode('online')}
            />
            Online
          </label>
        </fieldset>

        {mode === 'onsite' ? (
          slots.isPending ? (
            <Spinner label="Loading the centres" />
          ) : (
            <>
              <Select
                label="Centre"
                placeholder="Select a centre"
                options={centres.map((value) => ({ value, label: value }))}
                value={centre}
                onChange={(event) => {
                  setCentre(event.target.value);
                  setDay('');
                  setSlotId('');
                }}
              />
              {slots.isSuccess && centres.length === 0 ? <p>{messages.voucherNoSlot}</p> : null}
              {centre ? (
                <Select
                  label="Day"
                  placeholder="Select a day"
                  options={days.map((value) => ({ value, label: value }))}
                  value={day}
                  onChange={(event) => {
                    setDay(event.target.value);
                    setSlotId('');
                  }}
                />
              ) : null}
              {day ? (
                <Select
                  label="Time"
                  placeholder="Select a time"
                  options={times.map((entry) => ({ value: entry._id, label: entry.time }))}
                  value={slotId}
                  onChange={(event) => setSlotId(event.target.value)}
                />
              ) : null}
              {slotId && slot.isPending ? <Spinner label="Loading the seats" /> : null}
              {slot.data ? (
                <p className="voucher-form__seats" role="status">
                  {remaining > 0
                    ? formatMessage(messages.seatsRemaining, {
                        remaining,
                        total: slot.data.totalSeats,
                      })
                    : messages.noSeatsRemaining}
                </p>
              ) : null}
            </>
          )
        ) : null}
      </fieldset>

      <Button
        className="voucher-form__create"
        disabled={!ready || locked}
        loading={generate.isPending}
        onClick={() => setConfirming(true)}
      >
        CREATE
      </Button>

      {generate.isError || slotError ? (
        <div className="voucher-form__error">
          <Alert tone="error">
            {failureMessage(generate.error ?? slotError, { network: messages.serverError })}
          </Alert>
          <Button variant="secondary" onClick={reload}>
            Reload
          </Button>
        </div>
      ) : null}

      {confirming ? (
        <Dialog title="Confirm your choice" onClose={() => setConfirming(false)}>
          <p>{confirmText}</p>
          <div className="fee-dialog__actions">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Disagree
            </Button>
            <Button onClick={agree}>Agree</Button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
