// Members' credit in tests: topped up at the desk through the API, and read back from the ledger itself.
import type { Express } from 'express';
import request from 'supertest';
import type { StripeDouble } from '@beach/stripe-double';
import type { Db } from '../lib/db.js';

/**
 * The desk (staff: their token, or the headers that carry it) tops up the member's credit, in cash unless told
 * otherwise, the amount confirmed (a large one is asked for it); 200 expected.
 */
export const deskTopUp = (app: Express, staff: string | Record<string, string>, member: { id: number }, amount: string, method: 'cash' | 'card' | 'bank_transfer' = 'cash') =>
  request(app)
    .post(`/api/admin/users/${member.id}/credit/top-up`)
    .set(typeof staff === 'string' ? { Authorization: `Bearer ${staff}` } : staff)
    .send({ amount, method, confirmed: true })
    .expect(200);

/**
 * The member's credit postings added up, in cents (money in less money out of their credit accounts,
 * posted ones only: what is merely set aside for a checkout is still theirs): what the kept balance must equal.
 */
export const ledgerSum = async (db: Db, userId: number) =>
  (
    await db.$queryRaw<{ cents: number }[]>`
      SELECT coalesce(-sum(p.amount_cents), 0)::int AS cents FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.user_id = ${userId} AND a.kind IN ('credit_funded', 'credit_promo') AND p.phase IN ('posted', 'post_pending')`
  )[0]!.cents;

/** The member tops up `amount` online and pays Stripe's page on the double: the payment's row once Stripe said so. */
export async function onlineTopUp(app: Express, db: Db, double: StripeDouble, member: { token: string }, amount: string) {
  const created = await request(app).post('/api/me/credit/top-up').set({ Authorization: `Bearer ${member.token}` }).send({ amount }).expect(200);
  const sessionId = (created.body.checkout_url as string).split('/').pop()!;
  await double.pay(sessionId);
  return db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } });
}
