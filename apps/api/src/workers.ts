// Which job runs which code. The API runs these in-process unless WORKERS=off, and worker.ts runs them
// in a process of their own.
import type { AppDeps } from './deps.js';
import { createBackup } from './modules/backups/index.js';
import { createPushSender } from './modules/push/index.js';
import type { Services } from './services.js';

export async function startWorkers(deps: AppDeps, { memberships, stripeRequests, broadcasts, bookings, receipts, certificates, bookingPlayers, rainChecks, carnets, reconciliation, enrolments, courseWaitlist, courses, tournaments, openMatches, matchResults }: Services) {
  const { jobs, mailer, config, logger } = deps;
  await jobs.work('send-email', (message) => mailer.send(message));
  await jobs.work('membership-activated', ({ membershipId }) => memberships.sendActivation(membershipId));
  await jobs.work('membership-unpaid', ({ membershipId }) => memberships.sendPaymentReminder(membershipId));
  await jobs.work('stripe-request', ({ requestId }) => stripeRequests.perform(requestId));
  await jobs.work('bookings-expire-holds', async () => {
    await bookings.expireLapsedHolds();
  });
  await jobs.work('enrolments-expire-holds', async () => {
    await enrolments.expireLapsedHolds();
  });
  await jobs.work('course-waitlist-offers', async () => {
    await courseWaitlist.expireOffers();
  });
  await jobs.work('tournament-waitlist-offers', async () => {
    await tournaments.expireOffers();
  });
  await jobs.work('courses-minimum-check', async () => {
    await courses.checkMinimums();
  });
  await jobs.work('enrolments-instalment-reminders', async () => {
    await enrolments.sendInstalmentReminders();
  });
  await jobs.work('bookings-reminders', async () => {
    await bookings.sendReminders();
  });
  await jobs.work('booking-shares', async () => {
    await bookingPlayers.runShareJob();
  });
  await jobs.work('memberships-daily', async () => {
    await memberships.runDaily();
    await carnets.earnExpired();
  });
  await jobs.work('ledger-reconciliation', async () => {
    await reconciliation.run();
  });
  await jobs.work('receipts-write', async (_data, stopping) => {
    // Not while a rain check cancels its bookings (docs/domain.md#rain-check): the PDFs are written a minute later.
    if (rainChecks.cancelling()) return;
    await receipts.writePending(stopping);
  });
  await jobs.work('backup-daily', async () => {
    await createBackup(config, logger);
  });
  await jobs.work('certificates-daily', async () => {
    await certificates.runDaily();
  });
  await jobs.work('open-matches-cutoff', async (_data, stopping) => {
    await openMatches.cancelUnfilled(stopping);
    await openMatches.settleReplacements(stopping);
  });
  await jobs.work('open-match-results-drop', async () => {
    await matchResults.dropUnconfirmed();
  });
  await jobs.work('broadcast-send', ({ broadcastId }, stopping) => broadcasts.send(broadcastId, stopping));
  await jobs.work('push-send', createPushSender({ db: deps.db, config, logger }));
  await jobs.work('rain-check', ({ rainCheckId }, stopping) => rainChecks.process(rainCheckId, stopping));
  await broadcasts.resumeUnfinished();
  await rainChecks.resumeUnfinished();
}
