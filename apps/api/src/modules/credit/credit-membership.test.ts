// A membership card paid from credit through the real database, the job queue, SMTP on loopback and the
// Stripe double: the debit and the activation together (PDF and e-mail as for a card payment), only the
// member's own card awaiting payment, once under concurrency, nothing written when the balance is short,
// and the credit spent counted as membership income in its Rome month.
import { moneyToCents } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { incomeByMonth } from '../finance/revenue.js';

const mail = await startMailCatcher();
const { app, db, deps } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' }, { stripe: true });

const auth = (member: TestMember) => ({ Authorization: `Bearer ${member.token}` });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let staff: string;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
});

/** The balance the member's credit statement shows, in cents. */
const balanceOf = async (userId: number) => moneyToCents((await request(app).get(`/api/admin/users/${userId}/credit`).set(bearer(staff)).expect(200)).body.balance);
/** What credit paid for a card: each credit payment's amount taken from the member's credit accounts. */
const creditPaymentsOf = async (membershipId: number) =>
  (
    await db.$queryRaw<{ cents: number }[]>`
      SELECT sum(p.amount_cents)::int AS cents FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE e.membership_id = ${membershipId} AND e.kind = 'credit_payment' AND a.kind IN ('credit_funded', 'credit_promo') GROUP BY e.id ORDER BY e.id`
  ).map((row) => row.cents);
/** What the card still owes (its receivable in the ledger). */
const owedFor = async (membershipId: number) =>
  (await db.$queryRaw<{ cents: number }[]>`SELECT coalesce(sum(debits_posted - credits_posted), 0)::int AS cents FROM ledger_accounts WHERE key = ${`membership:${membershipId}`}`)[0]!.cents;

/** A member with `euros` of credit (a desk top-up) and a seasonal card requested online, awaiting payment. */
async function memberWithPendingCard(euros: string) {
  const member = await createMember(db, { birthDate: '1990-03-10' });
  await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: euros, method: 'cash', confirmed: true }).expect(200);
  await deps.jobs.waitUntilIdle();
  const created = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode }).expect(201);
  const card = await db.membership.findUniqueOrThrow({ where: { id: created.body.membership.id } });
  return { member, card, checkoutUrl: created.body.checkout_url as string };
}

describe('paying a membership card from credit alone', () => {
  it('debits its price, activates it like a card payment (PDF e-mailed) and closes the open checkout', async () => {
    const { member, card, checkoutUrl } = await memberWithPendingCard('500');
    const response = await request(app).post(`/api/memberships/${card.id}/pay-with-credit`).set(auth(member)).expect(200);
    expect(response.body).toMatchObject({
      message: 'Tessera pagata con il credito: è attiva, il PDF ti arriva per e-mail.',
      balance: ((50000 - card.priceCents) / 100).toFixed(2),
      movement: { kind: 'payment', reason: `Pagamento tessera ${card.membershipNumber}`, amount: (-card.priceCents / 100).toFixed(2) },
    });
    expect(await balanceOf(member.id)).toBe(50000 - card.priceCents);
    // One credit payment, of the card: what it owed is settled.
    expect(await creditPaymentsOf(card.id)).toEqual([card.priceCents]);
    expect(await owedFor(card.id)).toBe(0);
    expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('active');
    // The Checkout session opened at the purchase can no longer be paid.
    const open = await db.transaction.findFirstOrThrow({ where: { membershipId: card.id, stripeCheckoutSessionId: checkoutUrl.split('/').pop()! } });
    expect(open.status).toBe('abandoned');
    const mine = await request(app).get('/api/memberships/mine').set(auth(member)).expect(200);
    expect(mine.body.data.find((row: { id: number }) => row.id === card.id)).toMatchObject({ status: 'active', awaiting: null });
    const activated = `La tua tessera ${card.membershipNumber} è attiva`;
    await expect.poll(() => mail.messages.some((candidate) => candidate.subject === activated), { timeout: 45_000 }).toBe(true);
    const message = mail.messages.find((candidate) => candidate.subject === activated)!;
    expect(JSON.stringify(message.to)).toContain(member.email);
    expect(message.attachments.map((attachment) => attachment.filename)).toEqual([`tessera-${card.membershipNumber}.pdf`]);
    // Paid already: a second request is refused and moves nothing.
    const again = await request(app).post(`/api/memberships/${card.id}/pay-with-credit`).set(auth(member)).expect(409);
    expect(again.body.message).toBe('Questa tessera non è da pagare online.');
    expect(await balanceOf(member.id)).toBe(50000 - card.priceCents);
    expect(await creditPaymentsOf(card.id)).toEqual([card.priceCents]);
  });

  it('lets one of two simultaneous requests through: one 200, one 409, one debit', async () => {
    const { member, card } = await memberWithPendingCard('500');
    const responses = await Promise.all([0, 1].map(() => request(app).post(`/api/memberships/${card.id}/pay-with-credit`).set(auth(member))));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await creditPaymentsOf(card.id)).toEqual([card.priceCents]);
    expect(await balanceOf(member.id)).toBe(50000 - card.priceCents);
  });

  it('refuses a balance short of the price with nothing written', async () => {
    const { member, card } = await memberWithPendingCard('1');
    const response = await request(app).post(`/api/memberships/${card.id}/pay-with-credit`).set(auth(member)).expect(409);
    expect(response.body.message).toBe('Credito insufficiente per questo movimento.');
    expect(await balanceOf(member.id)).toBe(100);
    expect(await creditPaymentsOf(card.id)).toEqual([]);
    expect(await owedFor(card.id)).toBe(card.priceCents);
    expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('pending');
  });

  it('finds nobody else’s card (404) and needs a login (401)', async () => {
    const { card } = await memberWithPendingCard('500');
    const stranger = await createMember(db);
    await request(app).post(`/api/admin/users/${stranger.id}/credit/top-up`).set(bearer(staff)).send({ amount: '500', method: 'cash', confirmed: true }).expect(200);
    const response = await request(app).post(`/api/memberships/${card.id}/pay-with-credit`).set(auth(stranger)).expect(404);
    expect(response.body.message).toBe('Tessera non trovata.');
    await request(app).post(`/api/memberships/${card.id}/pay-with-credit`).expect(401);
    expect(await balanceOf(stranger.id)).toBe(50000);
    expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('pending');
  });

  it('counts the credit spent as membership income in the Rome month it was spent, not as booking income', async () => {
    const today = todayInRome();
    const incomeToday = async () => (await incomeByMonth(db, { from: today, to: today }))[0] ?? { membership: 0, booking: 0 };
    const { member, card } = await memberWithPendingCard('500');
    const before = await incomeToday();
    await request(app).post(`/api/memberships/${card.id}/pay-with-credit`).set(auth(member)).expect(200);
    const after = await incomeToday();
    expect(after.membership - before.membership).toBe(card.priceCents);
    expect(after.booking - before.booking).toBe(0);
  });
});
