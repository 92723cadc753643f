// A file run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome). With
// ROME_MIDNIGHT=cross each file loads (and runs its beforeAll) two minutes before the next midnight in Rome, and
// every test runs after it: a "today" the file took at load, or a fixture made for it, is then yesterday's, as in
// a real run at 23:00 UTC (22:00 in summer), at its worst. ROME_MIDNIGHT=after runs the whole file just after that
// midnight: the control, since only node's clock moves (the test's and the in-process server's), not
// PostgreSQL's now(); a test failing in both runs fails on the moved clock, not on a stale "today".
// SHIFT_DATE=<ISO instant>: the midnight after that instant instead of tonight's (e.g. a summer one).
import { addDays, romeInstant, romeToday } from '@beach/contracts';
import { beforeEach, vi } from 'vitest';

const BEFORE_MIDNIGHT_MS = 2 * 60_000;
// The real clock: the files of a worker share its globals, and the file before may have left its fake clock on.
const from = new Date(process.env.SHIFT_DATE ?? vi.getRealSystemTime());
const midnight = new Date(romeInstant(addDays(romeToday(from), 1), '00:00')).getTime();
const crossing = process.env.ROME_MIDNIGHT === 'cross';
vi.useFakeTimers({ toFake: ['Date'], now: crossing ? midnight - BEFORE_MIDNIGHT_MS : midnight, shouldAdvanceTime: true });

if (crossing) {
  beforeEach(() => {
    if (Date.now() < midnight) vi.setSystemTime(midnight);
  });
}
