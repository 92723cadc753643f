// When a waiting-list offer lapses: the deadline every list's offer gets (docs/domain.md#waitlist).
const HOUR_MS = 3_600_000;

/**
 * Until when an offer made at `now` holds its place: `offerHours` from now, but never past `cutoffHours`
 * before what is waited for starts (a course's next session, the slot, a tournament's first play); null
 * once that cut-off is reached (or nothing is left to start): then no offer.
 */
export function offerExpiry(now: Date, startsAt: Date | null, { offerHours, cutoffHours }: { offerHours: number; cutoffHours: number }): Date | null {
  if (!startsAt) return null;
  const cutoff = startsAt.getTime() - cutoffHours * HOUR_MS;
  if (cutoff <= now.getTime()) return null;
  return new Date(Math.min(now.getTime() + offerHours * HOUR_MS, cutoff));
}
