// The rain check (docs/domain.md#rain-check). Creating one closes the courts for the range and lists
// the live bookings it hits, in one transaction that first takes each court's turn (so no booking can
// slip in between); a job then works the bookings in batches, each in one transaction together with their
// rain_check_bookings rows, so a restarted job skips what is done and never returns a payment twice. At
// the end each member gets one e-mail (a rain_check_emails row per member, claimed before it is sent),
// handed to the mail server at the configured mail rate.
// Each part in its own file; this composes them.
import type { AppDeps } from '../../deps.js';
import type { CancelBookings } from '../bookings/index.js';
import { createRainCheckJob } from './rain-check-job.js';
import { createRainCheckMailing } from './rain-check-mailing.js';
import { createRainCheckPreview } from './rain-check-preview.js';
import { createRainCheckProgress } from './rain-check-progress.js';
import { createRainCheckStart } from './start-rain-check.js';

export { RAIN_CHECK_MESSAGES } from './rain-check-terms.js';

export function createRainChecksService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger' | 'mailer'>, cancelBookings: CancelBookings) {
  const { progress, list, show } = createRainCheckProgress(deps);
  return {
    ...createRainCheckPreview(deps),
    ...createRainCheckStart(deps, { progress }),
    list,
    show,
    ...createRainCheckJob(deps, cancelBookings, createRainCheckMailing(deps)),
  };
}

export type RainChecksService = ReturnType<typeof createRainChecksService>;
