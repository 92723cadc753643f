// The booking settings (docs/domain.md#season-and-booking-horizon), as the admin edits them on
// /admin/listino-prezzi.
import type { TBookingSettings } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Setting } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { readSettings, saveSettings } from './settings.service.js';

const toSettingsDto = (settings: Setting): TBookingSettings => ({
  season_start: settings.seasonStart,
  season_end: settings.seasonEnd,
  booking_horizon_days: settings.bookingHorizonDays,
  payment_hold_minutes: settings.paymentHoldMinutes,
  free_cancellation_hours: settings.freeCancellationHours,
  max_future_bookings: settings.maxFutureBookings,
  reminder_hours: settings.reminderHours,
  waitlist_offer_hours: settings.waitlistOfferHours,
  waitlist_cutoff_hours: settings.waitlistCutoffHours,
  instalment_grace_days: settings.instalmentGraceDays,
  court_waitlist_offer_hours: settings.courtWaitlistOfferHours,
  court_waitlist_cutoff_hours: settings.courtWaitlistCutoffHours,
  tournament_results_feed_levels: settings.tournamentResultsFeedLevels,
});

export function createAdminSettingsService({ db }: Pick<AppDeps, 'db'>) {
  return { read: async () => toSettingsDto(await readSettings(db)), save: (body: TBookingSettings) => saveBookingSettings(db, body) };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;

async function saveBookingSettings(db: Db, body: TBookingSettings): Promise<TBookingSettings> {
  const settings = await saveSettings(db, {
    seasonStart: body.season_start,
    seasonEnd: body.season_end,
    bookingHorizonDays: body.booking_horizon_days,
    paymentHoldMinutes: body.payment_hold_minutes,
    freeCancellationHours: body.free_cancellation_hours,
    maxFutureBookings: body.max_future_bookings,
    reminderHours: body.reminder_hours,
    waitlistOfferHours: body.waitlist_offer_hours,
    waitlistCutoffHours: body.waitlist_cutoff_hours,
    instalmentGraceDays: body.instalment_grace_days,
    courtWaitlistOfferHours: body.court_waitlist_offer_hours,
    courtWaitlistCutoffHours: body.court_waitlist_cutoff_hours,
    tournamentResultsFeedLevels: body.tournament_results_feed_levels,
  });
  return toSettingsDto(settings);
}
