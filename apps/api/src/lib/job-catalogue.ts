// Every background job of the application: what each carries, how its queue retries, and when the
// scheduled ones run. The queue itself (pg-boss) is ./jobs.ts.
import type { TPushPayload } from '@beach/contracts';
import type PgBoss from 'pg-boss';
import type { MailMessage } from './mail.js';

/** Every job of the application and what it carries. */
export interface JobPayloads {
  /** An e-mail worded when queued, in its recipient's language (recorded as `locale`). */
  'send-email': MailMessage;
  /** A card became active: make its PDF and e-mail it to the member. */
  'membership-activated': { membershipId: number };
  /** An hour after a member asked for a card: if still unpaid, e-mail them how to pay it (by transfer too). */
  'membership-unpaid': { membershipId: number };
  /** Makes a call to Stripe committed as a request row (docs/domain.md#stripe-requests): a refund, a session closed or recovered. */
  'stripe-request': { requestId: number };
  /** Every minute: booking holds past their time lapse and free their slot. */
  'bookings-expire-holds': Record<string, never>;
  /** Every minute: school enrolments not paid within their hold are cancelled and free their place. */
  'enrolments-expire-holds': Record<string, never>;
  /** Every minute: waiting-list offers past their hold lapse and their place passes to the next waiting. */
  'course-waitlist-offers': Record<string, never>;
  /** Every minute: tournament waiting-list offers not paid in time lapse and their place passes to the next waiting. */
  'tournament-waitlist-offers': Record<string, never>;
  /** Daily: reminders of school instalments not yet paid, three days before their day and on the day (once each). */
  'enrolments-instalment-reminders': Record<string, never>;
  /** Every 10 minutes: confirmed bookings starting within the reminder lead get their one reminder. */
  'bookings-reminders': Record<string, never>;
  /** Daily: cards past their end date expire; members whose card ends in 7 days are reminded. */
  'memberships-daily': Record<string, never>;
  /** Every minute: the PDFs of receipts issued since are written (each once). */
  'receipts-write': Record<string, never>;
  /** Daily: a backup of the database and the stored files (BACKUP_DIR), old ones removed. */
  'backup-daily': Record<string, never>;
  /** Sends a stored bulk e-mail to its remaining recipients at the provider's rate. */
  'broadcast-send': { broadcastId: number };
  /** Daily: medical certificate reminders 30 and 7 days before expiry and on the day (once each). */
  'certificates-daily': Record<string, never>;
  /** Every minute: split bookings' invitations once confirmed, and unpaid shares charged to the organiser at the deadline. */
  'booking-shares': Record<string, never>;
  /** Hourly: a course or camp week under its minimum on its check day is cancelled and every payment returned (once). */
  'courses-minimum-check': Record<string, never>;
  /** Cancels a rain check's bookings one by one, returns their money and e-mails each member once. */
  'rain-check': { rainCheckId: number };
  /** Daily: the books proved (docs/domain.md#reconciliation); the verdict is kept for the dashboard and the metrics. */
  'ledger-reconciliation': Record<string, never>;
  /** One push notification to one device (docs/push.md#sending), already worded in its member's language. */
  'push-send': { subscriptionId: number; payload: TPushPayload };
  /** Every minute: open matches not full at their cut-off are cancelled and every part returned (once). */
  'open-matches-cutoff': Record<string, never>;
  /** Every 10 minutes: open-match results proposed and not confirmed within 48 hours are dropped. */
  'open-match-results-drop': Record<string, never>;
}
export type JobName = keyof JobPayloads;
/** `stopping` is aborted when the process stops taking jobs: a long job ends early and resumes later. */
export type JobHandler<N extends JobName> = (data: JobPayloads[N], stopping: AbortSignal) => Promise<void>;

/** Retries with backoff: a slow or failing mail server costs a delay, never a message. */
export const JOB_QUEUES: Record<JobName, Omit<PgBoss.Queue, 'name'>> = {
  'send-email': { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  'membership-activated': { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  'membership-unpaid': { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  'stripe-request': { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  'memberships-daily': { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  'certificates-daily': { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  'bookings-expire-holds': { policy: 'singleton', retryLimit: 1, expireInSeconds: 120 },
  'enrolments-expire-holds': { policy: 'singleton', retryLimit: 1, expireInSeconds: 120 },
  'course-waitlist-offers': { policy: 'singleton', retryLimit: 1, expireInSeconds: 120 },
  'tournament-waitlist-offers': { policy: 'singleton', retryLimit: 1, expireInSeconds: 120 },
  'enrolments-instalment-reminders': { policy: 'singleton', retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  'bookings-reminders': { policy: 'singleton', retryLimit: 2, expireInSeconds: 300 },
  'booking-shares': { policy: 'singleton', retryLimit: 2, expireInSeconds: 120 },
  'receipts-write': { policy: 'singleton', retryLimit: 2, expireInSeconds: 600 },
  'backup-daily': { policy: 'singleton', retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 },
  // One broadcast at a time across every worker, so together they never exceed the provider's rate.
  'broadcast-send': { policy: 'singleton', retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 4 * 60 * 60 },
  // One rain check at a time: each resumes where it stopped, so a retry never repeats a booking.
  'rain-check': { policy: 'singleton', retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
  'ledger-reconciliation': { policy: 'singleton', retryLimit: 2, retryDelay: 600, expireInSeconds: 1800 },
  'courses-minimum-check': { policy: 'singleton', retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
  // A push service slow or down costs retries, never a request's time.
  'push-send': { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  'open-matches-cutoff': { policy: 'singleton', retryLimit: 2, expireInSeconds: 300 },
  'open-match-results-drop': { policy: 'singleton', retryLimit: 2, expireInSeconds: 120 },
};

export const JOB_NAMES = Object.keys(JOB_QUEUES) as JobName[];

/** The states a job waits or ends in: queued, waiting for a retry, running, failed for good. */
export const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Scheduled jobs: cron in the centre's time zone. */
export const JOB_SCHEDULES: Partial<Record<JobName, string>> = {
  'memberships-daily': '5 0 * * *',
  'certificates-daily': '0 9 * * *',
  'bookings-expire-holds': '* * * * *',
  'enrolments-expire-holds': '* * * * *',
  'course-waitlist-offers': '* * * * *',
  'tournament-waitlist-offers': '* * * * *',
  'enrolments-instalment-reminders': '0 8 * * *',
  'bookings-reminders': '*/10 * * * *',
  'booking-shares': '* * * * *',
  'receipts-write': '* * * * *',
  // At night, when nobody books: one worker makes it (a schedule runs once across processes).
  'backup-daily': '30 3 * * *',
  'ledger-reconciliation': '15 4 * * *',
  // Hourly from the check day's first hour; a course checked once is not read again.
  'courses-minimum-check': '20 * * * *',
  'open-matches-cutoff': '* * * * *',
  'open-match-results-drop': '*/10 * * * *',
};
