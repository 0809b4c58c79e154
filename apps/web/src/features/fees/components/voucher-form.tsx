import type { Quarter } from '@portal/shared/constants/courses';
import type { Voucher } from '@portal/shared/schemas/fees';
import { useState, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { useT } from '@/features/fees/i18n';
import { useGenerateVoucher, useTimeSlot, useTimeSlots, type FeeFields } from '@/features/fees/api/fees';
import { seatsLeft } from '@/features/fees/utils/slot-choices';
import { useSlotChoice } from '@/features/fees/utils/use-slot-choice';
import { ConfirmChoiceDialog } from './confirm-choice-dialog';
import { ModeChoice } from './mode-choice';
import { OnsiteSlotPicker } from './onsite-slot-picker';

interface VoucherFormProps {
  fields: FeeFields;
  quarter: Quarter;
  onsiteOffered: boolean;
  /** The registration was made for onsite classes. */
  appliedOnsite: boolean;
  onGenerated: (voucher: Voucher) => void;
  ref?: Ref<HTMLElement>;
}

/** The voucher form of a pending quarter (spec sections 4 and 5): Online, or Onsite centre → day → time. */
export function VoucherForm(props: VoucherFormProps) {
  const { fields, quarter, onsiteOffered, appliedOnsite, onGenerated, ref } = props;
  const t = useT();
  const [choice, choose] = useSlotChoice();
  const [confirming, setConfirming] = useState(false);
  const onsite = choice.mode === 'onsite';
  const slots = useTimeSlots(fields, quarter, onsite);
  const slot = useTimeSlot(onsite && choice.slotId ? choice.slotId : null);
  const generate = useGenerateVoucher(fields, quarter);
  const locked = generate.isPending || generate.isSuccess;
  // Onsite CREATE waits for a loaded slot with a seat left (spec section 5).
  const ready = choice.mode === 'online' || (onsite && slot.data !== undefined && seatsLeft(slot.data) > 0);
  const failure = generate.error ?? slots.error ?? slot.error;

  function agree() {
    setConfirming(false);
    const request =
      onsite && slot.data
        ? ({ mode: 'onsite', timeslotId: slot.data._id } as const)
        : ({ mode: 'online' } as const);
    generate.mutate(request, { onSuccess: onGenerated });
  }

  function reload() {
    generate.reset();
    if (onsite) void Promise.all([slots.refetch(), choice.slotId ? slot.refetch() : null]);
  }

  return (
    <section ref={ref} className="voucher-form" aria-labelledby="voucher-form-title" tabIndex={-1}>
      <h2 id="voucher-form-title" className="voucher-form__title">
        {t('form.title', { number: quarter.slice(1) })}
      </h2>
      <fieldset className="voucher-form__fields" disabled={locked}>
        <ModeChoice
          onsiteOffered={onsiteOffered}
          appliedOnsite={appliedOnsite}
          mode={choice.mode}
          onChange={(mode) => {
            choose({ pick: 'mode', value: mode });
            generate.reset();
          }}
        />
        {onsite ? (
          <OnsiteSlotPicker
            slots={slots.data}
            slotsLoading={slots.isPending}
            centre={choice.centre}
            day={choice.day}
            slotId={choice.slotId}
            choose={choose}
            chosen={slot.data}
            chosenLoading={slot.isPending}
          />
        ) : null}
      </fieldset>

      <Button
        className="voucher-form__create"
        disabled={!ready || locked}
        loading={generate.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('form.create')}
      </Button>

      {/* Spec section 8: slot and voucher errors during generation show under CREATE, with Reload. */}
      {failure ? <FailurePanel error={failure} retryLabel={t('payment.reload')} onRetry={reload} /> : null}

      {confirming ? (
        <ConfirmChoiceDialog
          slot={onsite && slot.data ? slot.data : null}
          appliedOnsite={appliedOnsite}
          onAgree={agree}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
