// The demo season's transfers from members on its bank statements (seed-demo-bank.ts): camp deposits matched
// by the parent's name as the treasurer confirms them, and a card's transfer sent twice and returned, each
// through the import's own paths, the books' bank balance still the last statement's.
import { describe, expect, it } from 'vitest';
import { useDemoDatabase } from '../test/demo-database.js';

// The same moment as seed-demo.test.ts: one copy of the run's demo template.
const { db } = await useDemoDatabase('2026-11-23T09:00:00Z');

describe('the demo season’s transfers from members', () => {
  it('matches a few camp deposits without a reference by the parent’s name, confirmed by the treasurer, each its payment with its receipt', async () => {
    const byName = await db.$queryRaw<{ target: string; confirmed_by_admin: boolean; receipts: number; into_bank: number; payer_named: boolean }[]>`
      SELECT l.match_target AS target, u.role = 'admin' AS confirmed_by_admin,
        (SELECT count(*) FROM transactions t JOIN receipts r ON r.transaction_id = t.id
          WHERE t.enrolment_id = split_part(l.match_target, ':', 2)::int AND t.method = 'bank_transfer' AND t.amount_cents = l.amount_cents)::int AS receipts,
        (SELECT count(*) FROM ledger_entries e WHERE e.key = 'bank-line:' || l.id)::int AS into_bank,
        upper(l.counterparty) LIKE '%' || upper(p.last_name) || '%' AS payer_named
      FROM bank_lines l JOIN users u ON u.id = l.matched_by_id
        JOIN course_enrolments ce ON ce.id = split_part(l.match_target, ':', 2)::int JOIN users p ON p.id = ce.user_id
      WHERE l.state = 'matched' AND l.match_kind = 'enrolment' AND l.creditor_reference IS NULL`;
    expect(byName.length).toBeGreaterThanOrEqual(2);
    for (const line of byName) expect(line, line.target).toEqual({ target: expect.stringMatching(/^enrolment:\d+:1$/), confirmed_by_admin: true, receipts: 1, into_bank: 1, payer_named: true });
    // No line waits for the treasurer.
    expect(await db.bankLine.count({ where: { state: { in: ['open', 'proposed'] } } })).toBe(0);
  });

  it('returns a card’s transfer sent twice: the second booked as other income and sent back, and the bank balance is the last statement’s', async () => {
    const twice = await db.$queryRaw<{ on: string; cents: number; state: string; category: string; reference: string | null }[]>`
      SELECT to_char(l.booked_on, 'YYYY-MM-DD') AS on, l.amount_cents AS cents, l.state, l.category, l.creditor_reference AS reference
      FROM bank_lines l WHERE l.counterparty IN (SELECT counterparty FROM bank_lines WHERE remittance LIKE 'Restituzione bonifico doppio%')
      ORDER BY l.booked_on, l.id`;
    const [paid, again, back] = twice;
    expect(twice).toHaveLength(3);
    expect(paid).toMatchObject({ state: 'matched', reference: expect.stringMatching(/^RF\d{2}M\d+$/) });
    expect(again).toEqual({ on: expect.any(String), cents: paid!.cents, state: 'assigned', category: 'other_income', reference: paid!.reference });
    expect(back).toEqual({ on: expect.any(String), cents: -paid!.cents, state: 'assigned', category: 'other_income', reference: paid!.reference });
    expect([paid!.on < again!.on, again!.on < back!.on]).toEqual([true, true]);
    // The card was paid once: one transfer payment, one receipt.
    const [card] = await db.$queryRaw<{ payments: number; receipts: number }[]>`
      SELECT count(*)::int AS payments, count(r.id)::int AS receipts FROM transactions t LEFT JOIN receipts r ON r.transaction_id = t.id
      WHERE t.status = 'completed' AND t.type = 'payment' AND t.membership_id = substring(${paid!.reference}::text from 6)::int`;
    expect(card).toEqual({ payments: 1, receipts: 1 });

    const [balances] = await db.$queryRaw<{ bank: number; closing: number }[]>`
      SELECT
        (SELECT coalesce(sum(p.amount_cents), 0) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.key LIKE 'bank:IT%' AND p.phase::text IN ('posted', 'post_pending'))::int AS bank,
        (SELECT closing_cents FROM bank_statements ORDER BY to_date DESC, id DESC LIMIT 1)::int AS closing`;
    expect(balances!.bank).toBe(balances!.closing);
  });
});
