// Check-in at the desk: reading a card (the QR's verification address or the typed number), recording
// the member's entrance once, and the day's entrances with their counts. Each part in its own file;
// this composes them.
import type { AppDeps } from '../../deps.js';
import { createCheckInLookup } from './check-in-lookup.js';
import { createCheckInsDay } from './check-ins-day.js';
import { createCheckInRecording } from './record-check-in.js';

export { CHECK_IN_MESSAGES } from './check-in-terms.js';
export { checkInsOfMember } from './check-ins-day.js';

export function createCheckInsService(deps: Pick<AppDeps, 'db' | 'config'>) {
  return {
    ...createCheckInLookup(deps),
    ...createCheckInRecording(deps),
    ...createCheckInsDay(deps),
  };
}
export type CheckInsService = ReturnType<typeof createCheckInsService>;
