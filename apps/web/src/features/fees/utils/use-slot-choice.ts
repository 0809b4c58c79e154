import { useReducer } from 'react';
import type { Mode } from './slot-choices';

interface SlotChoice {
  mode: Mode;
  centre: string;
  day: string;
  slotId: string;
}

type Step =
  | { pick: 'mode'; value: Mode }
  | { pick: 'centre'; value: string }
  | { pick: 'day'; value: string }
  | { pick: 'slot'; value: string };

const nothing: SlotChoice = { mode: '', centre: '', day: '', slotId: '' };

/** Each choice clears the ones after it (spec section 4: mode, then centre, then day, then time). */
function choose(choice: SlotChoice, step: Step): SlotChoice {
  switch (step.pick) {
    case 'mode':
      return { ...nothing, mode: step.value };
    case 'centre':
      return { ...choice, centre: step.value, day: '', slotId: '' };
    case 'day':
      return { ...choice, day: step.value, slotId: '' };
    case 'slot':
      return { ...choice, slotId: step.value };
  }
}

/** The voucher form's chain of choices. */
export function useSlotChoice() {
  return useReducer(choose, nothing);
}
export type ChooseSlot = ReturnType<typeof useSlotChoice>[1];
