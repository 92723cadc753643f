// The browser tests across midnight in Rome (docs/testing.md#session-20-the-browser-tests-across-midnight): with
// ROME_MIDNIGHT set the API's own setup file moves node's clock (the test's, the API's and the Stripe double's, all
// in this process) and puts it after that midnight before each test; this one then sets the open browser contexts'
// clocks to it, so a page opened before midnight reads the new day too, as a member's phone would.
import { beforeEach } from 'vitest';
import { contextsOnMovedClock } from './browser.js';

beforeEach(async () => {
  await Promise.all([...contextsOnMovedClock].map((context) => context.clock.setSystemTime(Date.now())));
});
