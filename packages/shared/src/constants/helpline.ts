/** The helpline's advertised hours (spec section 1): 10 AM to 6 PM, closed on Fridays. */
export const HELPLINE_HOURS = { opensAt: 10, closesAt: 18, closedWeekday: 5 } as const;

export const HELPLINE_HOURS_TEXT = '10 AM to 6 PM, closed on Fridays';

/** Whether the helpline is open at a given time in Pakistan Standard Time (UTC+5, no daylight saving). */
export function isHelplineOpen(now: Date): boolean {
  const pkt = new Date(now.getTime() + 5 * 60 * 60 * 1000);
  const day = pkt.getUTCDay();
  const hour = pkt.getUTCHours();
  return (
    day !== HELPLINE_HOURS.closedWeekday && hour >= HELPLINE_HOURS.opensAt && hour < HELPLINE_HOURS.closesAt
  );
}
