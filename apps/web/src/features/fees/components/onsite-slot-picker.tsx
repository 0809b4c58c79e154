import { formatMessage, messages } from '@portal/shared/messages';
import type { TimeSlot } from '@portal/shared/schemas/fees';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/features/fees/i18n';
import { centresOf, daysOf, seatsLeft, timesOf } from '@/features/fees/utils/slot-choices';
import type { ChooseSlot } from '@/features/fees/utils/use-slot-choice';

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
  const t = useT();
  const tm = useMessageText();
  if (slotsLoading) return <Skeleton lines={2} label={t('form.loadingCentres')} />;
  const slots = props.slots ?? [];
  const centres = centresOf(slots);
  return (
    <>
      <Select
        label={t('form.centre')}
        placeholder={t('form.selectCentre')}
        options={centres.map((value) => ({ value, label: value }))}
        value={centre}
        onChange={(event) => choose({ pick: 'centre', value: event.target.value })}
      />
      {props.slots && centres.length === 0 ? (
        <p>
          {tm(messages.voucherNoSlot, 'voucherNoSlot')} {t('form.noSlotNext')}
        </p>
      ) : null}
      {centre ? (
        <Select
          label={t('form.day')}
          placeholder={t('form.selectDay')}
          options={daysOf(slots, centre).map((value) => ({ value, label: value }))}
          value={day}
          onChange={(event) => choose({ pick: 'day', value: event.target.value })}
        />
      ) : null}
      {day ? (
        <Select
          label={t('form.time')}
          placeholder={t('form.selectTime')}
          options={timesOf(slots, centre, day).map((slot) => ({ value: slot._id, label: slot.time }))}
          value={slotId}
          onChange={(event) => choose({ pick: 'slot', value: event.target.value })}
        />
      ) : null}
      {slotId && chosenLoading ? <Skeleton lines={1} label={t('form.loadingSeats')} /> : null}
      {chosen ? <SeatsLine slot={chosen} /> : null}
    </>
  );
}

function SeatsLine({ slot }: { slot: TimeSlot }) {
  const tm = useMessageText();
  const remaining = seatsLeft(slot);
  const seats = { remaining: String(remaining), total: String(slot.totalSeats) };
  return (
    <p className="voucher-form__seats" role="status">
      {remaining > 0
        ? tm(formatMessage(messages.seatsRemaining, seats), 'seatsRemaining', seats)
        : tm(messages.noSeatsRemaining, 'noSeatsRemaining')}
    </p>
  );
}
