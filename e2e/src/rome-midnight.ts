// The browser tests across midnight in Rome (docs/testing.md#session-20-the-browser-tests-across-midnight): with
// ROME_MIDNIGHT set the API's own setup file moves node's clock (the test's, the API's and the Stripe double's, all
// in this process) and puts it after that midnight before each test; this one then sets the open browser contexts'
// clocks to it, so a page opened before midnight reads the new day too, as a member's phone would.
import { afterAll, beforeEach, vi } from 'vitest';
import { contextsOnMovedClock } from './browser.js';

// Node's moved clock flows by vitest's `shouldAdvanceTime`: 20 ms added every 20 ms of a real timer, so a busy
// event loop (the API, vite and Prisma share it) loses time, and the pages' clocks (Playwright's, flowing with the
// real one) ran ahead of it: a card saved by the page 1.2 s "after" the test's now (installable-app). Held here at
// the real clock plus the offset the API's setup file chose (at load, then at each test's start).
let offset = Date.now() - vi.getRealSystemTime();
const held = setInterval(() => {
  if (vi.isFakeTimers()) vi.setSystemTime(vi.getRealSystemTime() + offset);
}, 10);
afterAll(() => clearInterval(held));

beforeEach(async () => {
  offset = Date.now() - vi.getRealSystemTime();
  await Promise.all([...contextsOnMovedClock].map((context) => context.clock.setSystemTime(Date.now())));
});
