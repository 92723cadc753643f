// A file run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome). With
// ROME_MIDNIGHT=cross each file loads (and runs its beforeAll) two minutes before the next midnight in Rome, and
// every test runs after it: a "today" the file took at load, or a fixture made for it, is then yesterday's, as in
// a real run at 23:00 UTC (22:00 in summer), at its worst. ROME_MIDNIGHT=after runs the whole file just after that
// midnight: the control, since only node's clock moves (the test's and the in-process server's), not
// PostgreSQL's now(); a test failing in both runs fails on the moved clock, not on a stale "today".
// SHIFT_DATE=<ISO instant>: the midnight after that instant instead of tonight's (e.g. a summer one, or yesterday's).
// The browser tests use this file too, with e2e/src/rome-midnight.ts for the pages' clocks.
import { addDays, romeInstant, romeToday } from '@beach/contracts';
import { beforeEach, vi } from 'vitest';

const BEFORE_MIDNIGHT_MS = 2 * 60_000;
const mode = process.env.ROME_MIDNIGHT;
if (mode !== 'cross' && mode !== 'after') throw new Error(`ROME_MIDNIGHT must be "cross" or "after", not "${mode}"`);
// The real clock: the files of a worker share its globals, and the file before may have left its fake clock on.
const from = new Date(process.env.SHIFT_DATE ?? vi.getRealSystemTime());
const midnight = new Date(romeInstant(addDays(romeToday(from), 1), '00:00')).getTime();
const movedClock = (now: number) => vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
movedClock(mode === 'cross' ? midnight - BEFORE_MIDNIGHT_MS : midnight);

// A test that puts the real clock back (`vi.useRealTimers()`) would leave the next ones before that midnight.
beforeEach(() => {
  if (!vi.isFakeTimers()) movedClock(midnight);
  else if (Date.now() < midnight) vi.setSystemTime(midnight);
});
