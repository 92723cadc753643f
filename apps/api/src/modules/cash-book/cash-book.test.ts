// The cash book and the till count (docs/annual-accounts.md#the-cash-book): the day's tills and bank accounts
// as the postings say (checked against a sum written here), and a count at closing posting its difference
// under a key that names the count, after which the ledger's till holds what was counted.
import type { TCashBook, TTillDay } from '@beach/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { loginAs, useBackOfficeLogins } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const today = todayInRome();

/** An account's balance up to the end of today (Rome), summed here from the postings. */
async function postedUpToToday(key: string) {
  const [row] = await db.$queryRaw<{ cents: number }[]>`
    SELECT coalesce(sum(p.amount_cents), 0)::int AS cents FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
    WHERE a.key = ${key} AND p.phase IN ('posted', 'post_pending') AND e.effective_at < (${addDays(today, 1)}::date::timestamp AT TIME ZONE 'Europe/Rome')`;
  return row!.cents;
}
const cents = (money: string) => Math.round(Number(money) * 100);
const income = (amount: string, method: string, description: string) =>
  request(app).post('/api/admin/incomes').set(bearer(logins.admin)).send({ date: today, category: 'Bar', description, amount, payment_method: method }).expect(201);

describe('the cash book', () => {
  it('shows each till and bank account for the day: opening, in, out, closing, and every movement', async () => {
    await income('120,00', 'cash', 'Incasso bar contanti');
    await income('35,50', 'card', 'Incasso bar POS');
    await request(app).post('/api/admin/expenses').set(bearer(logins.admin)).send({ date: today, category: 'Pulizie', description: 'Detersivi', amount: '20,00', payment_method: 'cash' }).expect(201);
    const book = (await request(app).get('/api/admin/cash-book').query({ from: addDays(today, -1), to: today }).set(bearer(logins.admin)).expect(200)).body as TCashBook;
    const day = book.days.find((one) => one.day === today)!;
    const cash = day.accounts.find((account) => account.account === 'till:cash')!;
    expect(cash.label).toBe('Contanti');
    expect(cents(cash.closing)).toBe(await postedUpToToday('till:cash'));
    expect(cents(cash.opening) + cents(cash.money_in) - cents(cash.money_out)).toBe(cents(cash.closing));
    expect(cents(day.accounts.find((account) => account.account === 'till:card')!.closing)).toBe(await postedUpToToday('till:card'));
    expect(day.movements).toEqual(expect.arrayContaining([
      expect.objectContaining({ account: 'Contanti', description: 'Incasso bar contanti', amount: '120.00' }),
      expect.objectContaining({ account: 'Contanti', description: 'Detersivi', amount: '-20.00' }),
      expect.objectContaining({ account: 'POS (carta)', description: 'Incasso bar POS', amount: '35.50' }),
    ]));
  });

  it('is the treasurer’s, over 92 days at most', async () => {
    await request(app).get('/api/admin/cash-book').query({ from: today, to: today }).set(bearer(logins.staff)).expect(403);
    const tooLong = await request(app).get('/api/admin/cash-book').query({ from: addDays(today, -100), to: today }).set(bearer(logins.admin)).expect(422);
    expect(tooLong.body.errors.to).toEqual(['Scegli un periodo di al massimo 92 giorni, con la data iniziale prima di quella finale.']);
  });
});

describe('the till count at closing', () => {
  it('posts the difference under a key naming the count; the till then holds what was counted', async () => {
    const before = (await request(app).get('/api/admin/till-counts').set(bearer(logins.staff)).expect(200)).body as TTillDay;
    const ledger = await postedUpToToday('till:cash');
    expect(cents(before.till_balance)).toBe(ledger);
    const counted = ledger - 550;
    const answer = await request(app).post('/api/admin/till-counts').set(bearer(logins.staff)).send({ counted: (counted / 100).toFixed(2).replace('.', ','), note: 'Manca il resto di un caffè' }).expect(201);
    expect(answer.body.message).toMatch(/^Conteggio registrato: differenza di -5,50\s€ registrata\.$/);
    expect(answer.body.count).toMatchObject({ counted: (counted / 100).toFixed(2), ledger: (ledger / 100).toFixed(2), difference: '-5.50', by: expect.any(String) });
    const entry = await db.ledgerEntry.findUniqueOrThrow({ where: { key: `till-count:${answer.body.count.id}` }, include: { postings: { include: { account: true } } } });
    expect(entry.postings.map((posting) => [posting.account.key, posting.amountCents]).sort()).toEqual([['adjustments', 550], ['till:cash', -550]]);
    expect(await postedUpToToday('till:cash')).toBe(counted);

    // Counted again, right: nothing to post.
    const entries = await db.ledgerEntry.count();
    const again = await request(app).post('/api/admin/till-counts').set(bearer(logins.staff)).send({ counted: (counted / 100).toFixed(2) }).expect(201);
    expect(again.body.message).toBe('Conteggio registrato: la cassa corrisponde al registro.');
    expect(await db.ledgerEntry.count()).toBe(entries);
    const day = (await request(app).get('/api/admin/till-counts').set(bearer(logins.admin)).expect(200)).body as TTillDay;
    expect(day.counts.map((count) => count.difference)).toEqual(['0.00', '-5.50']);
    expect(await db.auditLog.count({ where: { entityType: 'till_counts' } })).toBe(2);
  });

  it('is the desk’s: members are refused, a bad amount is told', async () => {
    const member = await createMember(db, { firstName: 'Lia', lastName: 'Conta' });
    await request(app).post('/api/admin/till-counts').set(bearer(member.token)).send({ counted: '10' }).expect(403);
    const bad = await request(app).post('/api/admin/till-counts').set(bearer(await loginAs(app, 'staff@demo.beach'))).send({ counted: 'dieci' }).expect(422);
    expect(bad.body.errors.counted).toHaveLength(1);
  });
});
