// The demo season's annual accounts (docs/annual-accounts.md#the-annual-accounts) against sums written here,
// in SQL of this test's own over the postings, the memberships and the default mapping as the docs state it
// — not the module's queries: Mod. B line by line from the revenue and expense accounts, Mod. D line by line
// from the money that moved and the account on the other side, every euro of the season classified, the
// year's receipts less payments equal to the change in cash and bank, and the PDF reading back the same.
import { ACCOUNTS_SCHEMES, centsToMoney, linesOf, moneyToCents, type TAccountsScheme, type TAnnualAccounts, type TBankOverview } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { statementMismatches } from '../bank/index.js';
import { formatEuros } from '../../lib/format.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { pdfText } from '../../test/pdf-text.js';

// The demo season seeded once for the run (test/demo-database.ts).
const { app, db } = await useTestApp({}, { demo: '2026-11-23T09:00:00Z' });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The default mapping (docs/annual-accounts.md#the-mapping): an account's kind (an expense's category), by payer → Mod. D line, Mod. B line. */
const BY_PAYER = { member: ['A.E3', 'A.R3'], non_member: ['B.E3', 'B.R3'] } as const;
const MAPPING: Record<string, (payer: 'member' | 'non_member') => readonly [string, string]> = {
  membership_receivable: () => ['A.E1', ''],
  revenue_membership: () => ['A.E1', 'A.R1'],
  ...Object.fromEntries(['booking_receivable', 'share_receivable', 'enrolment_receivable', 'member_debt', 'credit_funded', 'carnet', 'refund_payable'].map((kind) => [kind, (payer: 'member' | 'non_member') => [BY_PAYER[payer][0], '']])),
  revenue_booking: (payer) => BY_PAYER[payer],
  revenue_school: (payer) => BY_PAYER[payer],
  credit_promo: () => ['A.E3', ''],
  tournament_receivable: () => ['A.E10', ''],
  revenue_extra: () => ['A.E10', 'A.R10'],
  adjustments: () => ['A.E10', ''],
  expenses: () => ['A.U5', 'A.C7'],
  'expenses:supplies': () => ['A.U1', 'A.C1'],
  'expenses:rent': () => ['A.U3', 'A.C3'],
  'expenses:fees_to_people': () => ['A.U4', 'A.C4'],
  'expenses:other_expense': () => ['A.U5', 'A.C7'],
  'expenses:utilities': () => ['E.U2', 'E.C2'],
  'expenses:bank_fees': () => ['D.U1', 'D.C1'],
  'expenses:taxes': () => ['IMP', 'IMP'],
  'expenses:equipment': () => ['I.U1', 'A.C5'],
  'revenue:extra:sponsors': () => ['B.E3', 'B.R3'],
  'revenue:extra:equipment_sale': () => ['I.E1', 'A.R10'],
};

let admin: string;
let accounts: TAnnualAccounts;
beforeAll(async () => {
  // Fresh statistics, as autovacuum keeps them on a live database: planned on empty tables, the season's sums crawl.
  await db.$executeRaw`ANALYZE`;
}, 120_000);
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  accounts = (await request(app).get('/api/admin/annual-accounts/years/2026').set(bearer(admin)).expect(200)).body as TAnnualAccounts;
}, 120_000);

/**
 * Each line's sum in cents (money in, or income): this test's own SQL sums the season's postings by account
 * (kind, expense category) and payer, the mapping above places each sum on its line.
 */
async function expectedSums(): Promise<Record<TAccountsScheme, Record<string, number>>> {
  const rows = await db.$queryRaw<{ scheme: TAccountsScheme; account: string; payer: 'member' | 'non_member'; cents: number }[]>`
    WITH season AS (
      SELECT e.id, e.kind::text AS entry_kind, (e.effective_at AT TIME ZONE 'Europe/Rome')::date AS day, e.user_id FROM ledger_entries e
      WHERE (e.effective_at AT TIME ZONE 'Europe/Rome')::date BETWEEN '2026-01-01' AND '2026-12-31'
    ), members AS (
      SELECT DISTINCT s.id FROM season s JOIN memberships c ON c.user_id = s.user_id AND c.status IN ('active', 'expired') AND s.day BETWEEN c.start_date AND c.end_date
    ), posting AS (
      SELECT s.id AS entry_id, s.entry_kind, CASE WHEN m.id IS NULL THEN 'non_member' ELSE 'member' END AS payer,
             CASE WHEN a.key LIKE 'expenses:%' OR a.key LIKE 'revenue:extra:%' THEN a.key ELSE a.kind::text END AS account, a.kind::text AS kind, p.amount_cents,
             a.kind::text IN ('till', 'stripe_clearing', 'bank', 'disputes') AS is_money
      FROM season s LEFT JOIN members m ON m.id = s.id JOIN ledger_postings p ON p.entry_id = s.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE p.phase::text IN ('posted', 'post_pending')
    ), moved AS (
      -- Entries that moved money, and whether they also earned (billed to revenue).
      SELECT entry_id, bool_or(kind = 'billed') AS earned FROM posting
      WHERE entry_kind <> 'bank_opening' GROUP BY entry_id HAVING sum(amount_cents) FILTER (WHERE is_money) <> 0
    )
    SELECT 'D' AS scheme, p.account, p.payer, sum(-p.amount_cents)::int AS cents
    FROM posting p JOIN moved m USING (entry_id)
    WHERE NOT p.is_money AND NOT (m.earned AND (p.kind = 'billed' OR p.kind LIKE 'revenue%'))
    GROUP BY p.account, p.payer
    UNION ALL
    SELECT 'B', account, payer, sum(-amount_cents)::int FROM posting WHERE kind LIKE 'revenue%' OR kind = 'expenses' GROUP BY account, payer`;
  const sums: Record<TAccountsScheme, Record<string, number>> = { D: {}, B: {} };
  for (const row of rows) {
    const line = MAPPING[row.account]?.(row.payer)[row.scheme === 'D' ? 0 : 1] || 'NC';
    sums[row.scheme][line] = (sums[row.scheme][line] ?? 0) + row.cents;
  }
  return sums;
}

describe('the demo season’s annual accounts', { timeout: 120_000 }, () => {
  it('equal, line by line, the test’s own sums over the postings, with nothing left unclassified', async () => {
    const sums = await expectedSums();
    expect(Object.keys(sums.D).length, 'the season moved money on several lines').toBeGreaterThan(3);
    for (const scheme of ['D', 'B'] as const) {
      const figures = scheme === 'D' ? accounts.mod_d.figures : accounts.mod_b.figures;
      const expected = Object.fromEntries(linesOf(scheme).map((line) => [line.code, centsToMoney((line.side === 'in' ? 1 : -1) * (sums[scheme][line.code] ?? 0))]));
      expect(figures, `Mod. ${scheme}`).toEqual(expected);
      expect(figures.NC).toBe('0.00');
    }
  });

  it('end with the cash and bank they started with, plus receipts, less payments; the ledger’s money at the year’s end', async () => {
    const { start, end, receipts, payments } = accounts.mod_d;
    const cents = (money: string) => Math.round(Number(money) * 100);
    expect(cents(start.cash) + cents(start.bank) + cents(receipts) - cents(payments)).toBe(cents(end.cash) + cents(end.bank));
    const [money] = await db.$queryRaw<{ cents: number }[]>`
      SELECT coalesce(sum(p.amount_cents), 0)::int AS cents FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
      WHERE a.kind::text IN ('till', 'stripe_clearing', 'bank', 'disputes') AND p.phase::text IN ('posted', 'post_pending') AND (e.effective_at AT TIME ZONE 'Europe/Rome')::date <= '2026-12-31'`;
    expect(cents(end.cash) + cents(end.bank)).toBe(money!.cents);
  });

  it('show the sponsors and the equipment bought and sold that the season’s bank statements brought', () => {
    expect(accounts.mod_d.figures['I.U1']).toBe('1150.00');
    expect(accounts.mod_d.figures['I.E1']).toBe('150.00');
    expect(moneyToCents(accounts.mod_b.commercial)).toBeGreaterThanOrEqual(280_000);
  });

  it('print the same figures in the PDF', async () => {
    const pdf = await request(app).get('/api/admin/annual-accounts/years/2026/pdf').set(bearer(admin)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const text = await pdfText(pdf.body as Buffer);
    const sums = await expectedSums();
    for (const scheme of ['D', 'B'] as const) {
      for (const line of ACCOUNTS_SCHEMES[scheme].sections.flatMap((section) => section.lines)) {
        const cents = (line.side === 'in' ? 1 : -1) * (sums[scheme][line.code] ?? 0);
        if (cents !== 0) expect(text, `Mod. ${scheme} ${line.code}`).toContain(`${line.label} ${formatEuros(cents)}`.replace(/\s+/g, ' '));
      }
    }
  });
});

describe('the demo season at the bank', { timeout: 120_000 }, () => {
  it('has a statement a month, Stripe’s weekly payouts matched to what the card payments brought in, every other line matched or assigned by the treasurer', async () => {
    const statements = await db.bankStatement.findMany({ orderBy: { toDate: 'asc' } });
    expect(statements.map((statement) => statement.toDate!.toISOString().slice(0, 7))).toEqual(Array.from({ length: 11 }, (_, month) => `2026-${String(month + 1).padStart(2, '0')}`));
    const lines = await db.bankLine.findMany();
    const payouts = lines.filter((line) => line.matchKind === 'payout');
    expect(payouts.length, 'a payout a week of the season').toBeGreaterThan(20);
    expect(new Set(payouts.map((line) => line.matchTarget)).size).toBe(payouts.length);
    expect(await db.ledgerEntry.count({ where: { key: { startsWith: 'stripe-payout:' } } })).toBe(payouts.length);
    expect(lines.every((line) => line.state === 'matched' || line.state === 'assigned')).toBe(true);
    // Other income: a member's transfer sent twice, and the same sent back (seed-demo-bank.ts).
    expect(new Set(lines.map((line) => line.category))).toEqual(new Set([null, 'bank_fees', 'utilities', 'rent', 'equipment', 'sponsors', 'equipment_sale', 'other_income']));
  });

  it('ends with the books’ bank balance at the last statement’s closing balance, as the nightly reconciliation checks it', async () => {
    const bank = (await request(app).get('/api/admin/bank').set(bearer(admin)).expect(200)).body as TBankOverview;
    expect(bank.statements).toBe(11);
    expect(bank.ledger_balance).toBe(bank.closing_balance);
    expect(await statementMismatches(db)).toEqual([]);
  });
});
