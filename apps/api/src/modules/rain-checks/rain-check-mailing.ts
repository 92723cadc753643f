// The rain check's e-mails (docs/domain.md#rain-check): each member's one message, claimed before it is
// sent and handed to the mail server at the configured mail rate.
import type { RainCheck } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { localizedWhen } from '../../lib/i18n.js';
import { createMailPacer } from '../../lib/mail-pacer.js';
import { BROADCAST_MESSAGES } from '../broadcasts/index.js';
import { rainCheckEmail } from './rain-checks.emails.js';
import { type RainCheckDeps, returnedBy } from './rain-check-terms.js';

/** Messages in flight at once: enough that reading and handing over one never holds up the next turn. */
const SENDERS = 4;

export function createRainCheckMailing({ db, jobs, config, mailer }: Pick<RainCheckDeps, 'db' | 'jobs' | 'config' | 'mailer'>) {
  /**
   * A member's one message: every booking of theirs the rain check cancelled and, for the players of
   * split bookings, their share: where their own money went (a booking's parts may go different ways:
   * the organiser's credit back to credit, a player's card payment to the card) and how much.
   */
  async function summaryFor(rainCheck: RainCheck, userId: number) {
    const [user, rows] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { id: userId } }),
      db.rainCheckBooking.findMany({
        where: { rainCheckId: rainCheck.id, status: 'done', booking: { OR: [{ userId }, { players: { some: { userId, status: { not: 'dropped' } } } }] } },
        include: { booking: { include: { court: true } } },
        orderBy: [{ booking: { startsAt: 'asc' } }, { id: 'asc' }],
      }),
    ]);
    // What went back of their bookings only: the whole rain check's, read for each of its members, grew with its square.
    const returned = await returnedBy(db, rainCheck.id, rows.map((row) => row.bookingId));
    const items = rows.map((row) => {
      const organiser = row.booking.userId === userId;
      // Theirs: what names them, and for the organiser what names nobody (a desk payment recorded without its payer).
      const mine = returned.filter((part) => part.bookingId === row.bookingId && (part.userId === userId || (organiser && part.userId === null)));
      const ways = [...new Set(mine.map((part) => part.outcome))];
      const returns = ways.map((outcome) => ({ outcome, amountCents: mine.filter((part) => part.outcome === outcome).reduce((sum, part) => sum + part.cents, 0) }));
      return { court: row.booking.court.name, when: localizedWhen(row.booking), returns, share: !organiser };
    });
    return rainCheckEmail(user, rainCheck.reason, items, `${config.WEB_ORIGIN}/le-mie-prenotazioni`);
  }

  /**
   * Each member's one e-mail, handed to the mail server at the configured rate (the mail queue alone
   * does not pace). A row is claimed before its message goes out and marked after: one a stopped job left
   * claimed may have gone out and is not sent again; one the server refused goes to the mail queue, which
   * retries it. Several senders work side by side, so that one message's reading and sending overlap the
   * next one's turn: the pacer alone sets the rate. Returns false when stopped early.
   */
  async function emailMembers(rainCheck: RainCheck, stopping: AbortSignal) {
    const rainCheckId = rainCheck.id;
    // The organisers, and the players of their split bookings (paid or not: the match is off for them too).
    await db.$executeRaw`
      INSERT INTO rain_check_emails (rain_check_id, user_id)
      SELECT DISTINCT r.rain_check_id, who.user_id FROM rain_check_bookings r
        JOIN bookings b ON b.id = r.booking_id
        CROSS JOIN LATERAL (SELECT b.user_id UNION SELECT p.user_id FROM booking_players p WHERE p.booking_id = b.id AND p.status <> 'dropped') who
        JOIN users u ON u.id = who.user_id
      WHERE r.rain_check_id = ${rainCheckId} AND r.status = 'done' AND u.email <> ''
      ON CONFLICT DO NOTHING`;
    await db.rainCheckEmail.updateMany({ where: { rainCheckId, status: 'sending' }, data: { status: 'failed', error: BROADCAST_MESSAGES.uncertain } });
    const pacer = createMailPacer(db, config.MAIL_RATE_PER_SECOND);
    const sender = async () => {
      for (;;) {
        if (stopping.aborted) return false;
        const [claimed] = await db.$queryRaw<{ userId: number }[]>`
          UPDATE rain_check_emails SET status = 'sending'
          WHERE rain_check_id = ${rainCheckId} AND user_id = (
            SELECT user_id FROM rain_check_emails WHERE rain_check_id = ${rainCheckId} AND status = 'pending' ORDER BY user_id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING user_id AS "userId"`;
        if (!claimed) return true;
        const key = { rainCheckId_userId: { rainCheckId, userId: claimed.userId } };
        const message = await summaryFor(rainCheck, claimed.userId);
        // Stopped while waiting for its turn: the row is given back, unsent.
        if (!(await pacer.wait(stopping))) {
          await db.rainCheckEmail.update({ where: key, data: { status: 'pending' } });
          return false;
        }
        // The moment it is handed to the server: what a provider's rate limit counts.
        const sentAt = new Date();
        try {
          await mailer.send(message);
          await db.rainCheckEmail.update({ where: key, data: { status: 'sent', sentAt } });
        } catch (error) {
          const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
          await db.$transaction(async (tx) => {
            await jobs.send('send-email', message, { tx });
            await tx.rainCheckEmail.update({ where: key, data: { status: 'queued', error: reason } });
          }, TRANSACTION_OPTIONS);
        }
      }
    };
    const finished = await Promise.all(Array.from({ length: SENDERS }, sender));
    return finished.every(Boolean);
  }

  return { emailMembers };
}

export type RainCheckMailing = ReturnType<typeof createRainCheckMailing>;
