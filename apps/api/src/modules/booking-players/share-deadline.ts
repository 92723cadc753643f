// The shares' deadline (docs/domain.md#split-payment): each player invited once the booking is
// confirmed, and what is still unpaid at the deadline charged to the organiser, once.
import type { Prisma } from '../../generated/prisma/client.js';
import { Prisma as PrismaNamespace, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { localizedEuros } from '../../lib/i18n.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { whatOf, whenOf, sharesOf } from '../bookings/index.js';
import { owedBy, settlingLegs, shareReceivable, post, spendingLegs, walletOf } from '../ledger/index.js';
import { readSettings } from '../settings/index.js';
import { shareInvitationEmail, sharesChargedEmail, sharesPaidFromCreditEmail } from './booking-players.emails.js';
import { deadlineOf, fullName, guestShareUrl, lockConfirmed, shareUrl, type SplitDeps, sum } from './split-terms.js';
import { notifyMember } from '../push/index.js';

export function createShareDeadline({ db, jobs, config }: Pick<SplitDeps, 'db' | 'jobs' | 'config'>) {
  /**
   * Shares unpaid at the deadline (or left by the last unpaid player) pass to the organiser, each
   * once: the rows still 'invited' are marked in one statement, so a second run finds none. The
   * organiser's credit pays them all if it covers them (one entry); otherwise the organiser is e-mailed the links.
   */
  async function chargeToOrganiser(tx: Prisma.TransactionClient, bookingId: number, shareIds: number[]) {
    if (!(await lockConfirmed(tx, bookingId))) return 0;
    const charged = await tx.$queryRaw<{ id: number }[]>`
      UPDATE booking_players SET status = 'charged_to_organiser', charged_at = now()
      WHERE booking_id = ${bookingId} AND id IN (${PrismaNamespace.join(shareIds)}) AND status = 'invited' AND paid_at IS NULL
      RETURNING id`;
    if (charged.length === 0) return 0;
    const booking = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { court: true, user: true } });
    const organiser = booking.user!;
    const ids = charged.map((share) => share.id);
    const receivables = ids.map((id) => shareReceivable(id, bookingId));
    const owed = await owedBy(
      tx,
      receivables.map((receivable) => receivable.account),
      { lock: true },
    );
    const parts = receivables.map((receivable) => ({ receivable, cents: owed.get(receivable.account.key) ?? 0 })).filter((part) => part.cents > 0);
    const total = sum(parts.map((part) => part.cents));
    // The wallet is locked before it is read, so what it covers is still there when it is spent.
    const legs = spendingLegs(await walletOf(tx, organiser.id, { lock: true }), total);
    if (legs) {
      await post(tx, {
        key: `shares:${ids.join(',')}:charged`,
        kind: 'credit_payment',
        description: `Quote non pagate dagli altri giocatori: ${booking.court.name}, ${whenOf(booking)}`,
        userId: organiser.id,
        bookingId,
        legs: [...legs, ...settlingLegs(parts)],
      });
      if (total > 0) {
        await jobs.send('send-email', sharesPaidFromCreditEmail(organiser, whatOf(booking), localizedEuros(total), `${webOriginOf(config)}/profilo`), { tx });
      }
    } else {
      await jobs.send('send-email', sharesChargedEmail(organiser, whatOf(booking), localizedEuros(total), ids.map((id) => shareUrl(config, id))), { tx });
    }
    return charged.length;
  }

  /**
   * Job, every minute: players of bookings confirmed since get their invitation (once: marked in the
   * same statement), then shares unpaid at the deadline are charged to the organiser (once each).
   */
  async function runShareJob() {
    const { splitDeadlineHours } = await readSettings(db);
    const invited = await db.$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: number }[]>`
        UPDATE booking_players p SET invitation_sent_at = now() FROM bookings b
        WHERE b.id = p.booking_id AND b.status = 'confirmed' AND b.ends_at > now() AND p.status = 'invited' AND p.invitation_sent_at IS NULL
        RETURNING p.id`;
      const rows = await tx.bookingPlayer.findMany({ where: { id: { in: due.map((row) => row.id) } }, include: { user: true, booking: { include: { court: true, user: true } } } });
      const shares = await sharesOf(
        tx,
        [...new Set(rows.map((row) => row.bookingId))],
      );
      for (const row of rows) {
        // A guest without an account reads the invitation in the language of whoever booked.
        const to = row.user
          ? { email: row.user.email, firstName: row.user.firstName, locale: row.user.locale }
          : { email: row.guestEmail!, firstName: null, locale: row.booking.user?.locale ?? 'it' };
        const deadline = deadlineOf(row.booking, splitDeadlineHours);
        const link = row.user ? shareUrl(config, row.id) : guestShareUrl(config, row.id, row.guestEmail!);
        const share = localizedEuros(shares.get(row.id)?.owed ?? 0);
        const email = shareInvitationEmail(to, fullName(row.booking.user), whatOf(row.booking), share, link, deadline);
        // A member hears of a share still to pay as they chose (docs/push.md#kinds); a guest by e-mail.
        await (row.user ? notifyMember(jobs, tx, { userId: row.user.id, kind: 'share_to_pay', email }) : jobs.send('send-email', email, { tx }));
      }
      return rows.length;
    }, TRANSACTION_OPTIONS);
    const overdue = await db.$queryRaw<{ bookingId: number; ids: number[] }[]>`
      SELECT p.booking_id AS "bookingId", array_agg(p.id ORDER BY p.id) AS ids FROM booking_players p JOIN bookings b ON b.id = p.booking_id
      WHERE p.status = 'invited' AND p.paid_at IS NULL AND b.status = 'confirmed' AND b.starts_at <= now() + make_interval(hours => ${splitDeadlineHours})
      GROUP BY p.booking_id`;
    let charged = 0;
    for (const { bookingId, ids } of overdue) charged += await db.$transaction((tx) => chargeToOrganiser(tx, bookingId, ids), TRANSACTION_OPTIONS);
    return { invited, charged };
  }

  return { chargeToOrganiser, runShareJob };
}

export type ShareDeadline = ReturnType<typeof createShareDeadline>;
