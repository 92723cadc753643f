// The memberships' jobs (docs/domain.md#memberships): the activation e-mail with the PDF card, the e-mail of a
// request still unpaid an hour later, and the daily run (unpaid requests withdrawn, cards past their end
// expired, a reminder before the end).
import type { AppDeps } from '../../deps.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { addDays, todayInRome, toIsoDate } from '../../lib/time.js';
import { transferForEmail } from '../bank-transfer/index.js';
import { accounts, owedOne, writeOff } from '../ledger/index.js';
import { cardPdfName } from './membership-terms.js';
import type { MembershipReads } from './membership-view.js';
import { paidOnline, WITH_PAYMENTS, type MembershipWithPayments } from './memberships.dto.js';
import { activationEmail, cardToPayEmail, expiryReminderEmail } from './memberships.emails.js';
import { i18nFor } from '../../lib/i18n.js';

/** An online request still unpaid after this long is withdrawn by the daily job, giving its coupon use back. */
const UNPAID_REQUEST_HOURS = 24;
/** A request still unpaid this long after it was made gets its e-mail with how to pay it (job 'membership-unpaid'). */
export const UNPAID_REMINDER_SECONDS = 60 * 60;

export function createMembershipJobs(deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'storage' | 'logger'>, { cardPdf }: MembershipReads) {
  const { db, config, jobs, storage } = deps;
  const cardsUrl = `${config.WEB_ORIGIN}/tesseramento`;

  return {
    /** Job 'membership-activated': the PDF card, e-mailed as an attachment. */
    async sendActivation(membershipId: number) {
      const membership = await db.membership.findUnique({ where: { id: membershipId }, include: { ...WITH_PAYMENTS, user: true } });
      if (!membership || membership.status !== 'active') return;
      const { path } = await cardPdf(membership);
      const card = { number: membership.membershipNumber, type: membership.type, startDate: toIsoDate(membership.startDate), endDate: toIsoDate(membership.endDate) };
      await jobs.send('send-email', activationEmail(membership.user, card, { filename: cardPdfName(membership.membershipNumber), path: storage.absolutePath(path) }, cardsUrl));
    },

    /**
     * Job 'membership-unpaid', an hour after a member's request: a card still waiting for its online payment
     * and owing something gets the e-mail that says how to pay it, by transfer too
     * (docs/annual-accounts.md#paying-by-transfer). A card paid, withdrawn or owing nothing gets none.
     */
    async sendPaymentReminder(membershipId: number) {
      const card = await db.membership.findUnique({ where: { id: membershipId }, include: { user: true } });
      if (!card || card.status !== 'pending' || !paidOnline(card)) return;
      const owedCents = await owedOne(db, accounts.membership(card.id));
      if (owedCents <= 0) return;
      const transfer = await transferForEmail(db, i18nFor(card.user.locale), { kind: 'membership', id: card.id }, owedCents);
      const withdrawnAt = new Date(card.createdAt.getTime() + UNPAID_REQUEST_HOURS * 3600_000);
      await jobs.send('send-email', cardToPayEmail(card.user, { number: card.membershipNumber, type: card.type, owedCents, withdrawnAt }, cardsUrl, transfer));
    },

    /**
     * Job 'memberships-daily' (00:05 Rome): live cards past their end date expire; active cards that end
     * within 7 days get one reminder, unless they are short cards or the member already renewed.
     */
    async runDaily(today = todayInRome()) {
      // Online requests nobody paid: withdrawn, so they hold neither their days nor a coupon use, nor owe anything.
      const withdrawn = await db.$transaction(async (tx) => {
        const lapsed = await tx.$queryRaw<{ id: number; userId: number }[]>`
          WITH lapsed AS (
            UPDATE memberships m SET status = 'expired', updated_at = now()
            WHERE m.status = 'pending' AND m.price_cents > 0 AND m.type <> 'under_18'
              AND m.created_at < now() - make_interval(hours => ${UNPAID_REQUEST_HOURS})
              AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.membership_id = m.id AND t.type = 'payment'
                AND (t.status = 'completed' OR (t.status = 'pending' AND t.created_at > now() - interval '1 hour')))
            RETURNING m.id, m.user_id, m.coupon_id
          ), uses AS (SELECT coupon_id, count(*)::int AS n FROM lapsed WHERE coupon_id IS NOT NULL GROUP BY coupon_id),
          released AS (UPDATE membership_coupons c SET usage_count = greatest(c.usage_count - uses.n, 0), updated_at = now() FROM uses WHERE c.id = uses.coupon_id)
          SELECT id, user_id AS "userId" FROM lapsed`;
        for (const card of lapsed) await writeOff(tx, `membership:${card.id}:withdrawn`, [accounts.membership(card.id)], { membershipId: card.id, userId: card.userId, description: 'Richiesta di tessera non pagata: ritirata' });
        return lapsed.length;
      }, TRANSACTION_OPTIONS);
      const expired = await db.$transaction(async (tx) => {
        const ended = await tx.$queryRaw<{ id: number; userId: number; was: string }[]>`
          UPDATE memberships m SET status = 'expired', updated_at = now()
          FROM (SELECT id, status FROM memberships WHERE status IN ('pending', 'active') AND end_date < ${today}::date FOR UPDATE) old
          WHERE m.id = old.id
          RETURNING m.id, m.user_id AS "userId", old.status::text AS was`;
        // A request still unpaid when its days are over owes nothing any more.
        for (const card of ended.filter((one) => one.was === 'pending')) {
          await writeOff(tx, `membership:${card.id}:withdrawn`, [accounts.membership(card.id)], { membershipId: card.id, userId: card.userId, description: 'Richiesta di tessera non pagata: scaduta' });
        }
        return ended.length;
      }, TRANSACTION_OPTIONS);
      const reminded = await db.$transaction(async (tx) => {
        type Due = { id: number; membership_number: string; type: MembershipWithPayments['type']; start_date: Date; end_date: Date } & {
          email: string;
          first_name: string;
          locale: string;
        };
        const due = await tx.$queryRaw<Due[]>`
          UPDATE memberships m SET expiry_reminder_sent_at = now(), updated_at = now()
          FROM users u
          WHERE u.id = m.user_id AND m.status = 'active' AND m.expiry_reminder_sent_at IS NULL
            AND m.end_date BETWEEN ${today}::date AND ${addDays(today, 7)}::date
            AND m.end_date - m.start_date >= 7
            AND NOT EXISTS (SELECT 1 FROM memberships later WHERE later.user_id = m.user_id AND later.status IN ('pending', 'active') AND later.start_date > m.end_date)
          RETURNING m.id, m.membership_number, m.type, m.start_date, m.end_date, u.email, u.first_name, u.locale`;
        for (const card of due) {
          const summary = { number: card.membership_number, type: card.type, startDate: toIsoDate(card.start_date), endDate: toIsoDate(card.end_date) };
          await jobs.send('send-email', expiryReminderEmail({ email: card.email, firstName: card.first_name, locale: card.locale }, summary, cardsUrl), { tx });
        }
        return due.length;
      }, TRANSACTION_OPTIONS);
      deps.logger.info({ expired, reminded, couponsReleased: withdrawn }, 'Tessere: scadenze e promemoria del giorno');
      return { expired, reminded };
    },
  };
}
