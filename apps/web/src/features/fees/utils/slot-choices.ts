import type { TimeSlot } from '@portal/shared/schemas/fees';

/** How a student attends the quarter: nothing chosen yet, at a centre, or online. */
export type Mode = 'onsite' | 'online' | '';

/** A centre as the student picks it: its name and campus. */
function centreKey(slot: TimeSlot): string {
  return `${slot.name} - ${slot.campus}`;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The centres of the quarter's slots, each once, in the order the server lists them. */
export function centresOf(slots: readonly TimeSlot[]): string[] {
  return unique(slots.map(centreKey));
}

/** The days a centre teaches on. */
export function daysOf(slots: readonly TimeSlot[], centre: string): string[] {
  return unique(slots.filter((slot) => centreKey(slot) === centre).map((slot) => slot.day));
}

/** The slots (times) of a centre on a day. */
export function timesOf(slots: readonly TimeSlot[], centre: string, day: string): TimeSlot[] {
  return slots.filter((slot) => centreKey(slot) === centre && slot.day === day);
}

/** Seats still free in a slot (spec section 5: total minus booked). */
export function seatsLeft(slot: TimeSlot): number {
  return slot.totalSeats - slot.bookedSeats;
}
