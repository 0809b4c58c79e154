import { formatMessage, messages } from '@portal/shared/messages';
import type { TimeSlot } from '@portal/shared/schemas/fees';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { centresOf, daysOf, seatsLeft, timesOf } from '../utils/slot-choices';
import type { ChooseSlot } from '../utils/use-slot-choice';

interface OnsiteSlotPickerProps {
  /** The quarter's slots; undefined while they load or when they could not be read. */
  slots: TimeSlot[] | undefined;
  slotsLoading: boolean;
  centre: string;
  day: string;
  slotId: string;
  choose: ChooseSlot;
  /** The chosen slot as read again for its seats. */
  chosen: TimeSlot | undefined;
  chosenLoading: boolean;
}

/** Centre, then day, then time; then the chosen slot's seats (spec sections 4 and 5). */
export function OnsiteSlotPicker(props: OnsiteSlotPickerProps) {
  const { slotsLoading, centre, day, slotId, choose, chosen, chosenLoading } = props;
  if (slotsLoading) return <Skeleton lines={2} label="Loading the centres" />;
  const slots = props.slots ?? [];
  const centres = centresOf(slots);
  return (
    <>
      <Select
        label="Centre"
        placeholder="Select a centre"
        options={centres.map((value) => ({ value, label: value }))}
        value={centre}
        onChange={(event) => choose({ pick: 'centre', value: event.target.value })}
      />
      {props.slots && centres.length === 0 ? <p>{messages.voucherNoSlot}</p> : null}
      {centre ? (
        <Select
          label="Day"
          placeholder="Select a day"
          options={daysOf(slots, centre).map((value) => ({ value, label: value }))}
          value={day}
          onChange={(event) => choose({ pick: 'day', value: event.target.value })}
        />
      ) : null}
      {day ? (
        <Select
          label="Time"
          placeholder="Select a time"
          options={timesOf(slots, centre, day).map((slot) => ({ value: slot._id, label: slot.time }))}
          value={slotId}
          onChange={(event) => choose({ pick: 'slot', value: event.target.value })}
        />
      ) : null}
      {slotId && chosenLoading ? <Skeleton lines={1} label="Loading the seats" /> : null}
      {chosen ? <SeatsLine slot={chosen} /> : null}
    </>
  );
}

function SeatsLine({ slot }: { slot: TimeSlot }) {
  const remaining = seatsLeft(slot);
  return (
    <p className="voucher-form__seats" role="status">
      {remaining > 0
        ? formatMessage(messages.seatsRemaining, { remaining, total: slot.totalSeats })
        : messages.noSeatsRemaining}
    </p>
  );
}
