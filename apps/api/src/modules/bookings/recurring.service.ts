// Weekly recurring series (docs/domain.md#recurring-series): a preview of every date with the reason it would be skipped,
// creation that books all the free dates in one transaction (all or nothing), editing the future
// dates, and cancelling from a day on. Each part in its own file; this composes them.
import type { AdminBookingsService } from './admin-bookings.service.js';
import type { CancelBooking } from './cancel-booking.js';
import { createSeriesCancellation } from './cancel-series.js';
import { createSeriesCreation } from './create-series.js';
import type { SeriesDeps } from './recurring-terms.js';
import { createSeriesView } from './recurring-view.js';
import { createSeriesUpdate } from './update-series.js';

export { RECURRING_MESSAGES, seriesDates } from './recurring-terms.js';

export function createRecurringBookingsService(deps: SeriesDeps, adminBookings: AdminBookingsService, cancelBooking: CancelBooking) {
  const view = createSeriesView(deps, adminBookings);
  return {
    list: view.list,
    show: view.show,
    ...createSeriesCreation(deps, view),
    ...createSeriesUpdate(deps, view),
    ...createSeriesCancellation(deps, cancelBooking, view),
  };
}

export type RecurringBookingsService = ReturnType<typeof createRecurringBookingsService>;
