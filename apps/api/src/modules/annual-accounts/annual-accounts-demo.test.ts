// The demo season's annual accounts (docs/annual-accounts.md#the-annual-accounts) against sums written here,
// in SQL of this test's own over the postings, the memberships and the default mapping as the docs state it
// — not the module's queries: Mod. B line by line from the revenue and expense accounts, Mod. D line by line
// from the money that moved and the account on the other side, every euro of the season classified, the
// year's receipts less payments equal to the change in cash and bank, and the PDF reading back the same.
import { ACCOUNTS_SCHEMES, centsToMoney, linesOf, type TAccountsScheme, type TAnnualAccounts } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoVolume } from '../../db/seed-demo.js';
import { formatEuros } from '../../lib/format.js';
import { Prisma } from '../../lib/db.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { pdfText } from '../../test/pdf-text.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** Seeding the whole demo volume takes about ten seconds on a quiet machine, several times that on a busy one. */
const SEEDING_MS = 300_000;

/** The default mapping (docs/annual-accounts.md#the-mapping): kind, expense category, payer → Mod. D line, Mod. B line. */
const MAPPING = Prisma.sql`(VALUES
  ('membership_receivable', '', '', 'A.E1', ''), ('revenue_membership', '', '', 'A.E1', 'A.R1'),
  ('booking_receivable', '', 'member', 'A.E3', ''), ('booking_receivable', '', 'non_member', 'B.E3', ''),
  ('share_receivable', '', 'member', 'A.E3', ''), ('share_receivable', '', 'non_member', 'B.E3', ''),
  ('revenue_booking', '', 'member', 'A.E3', 'A.R3'), ('revenue_booking', '', 'non_member', 'B.E3', 'B.R3'),
  ('enrolment_receivable', '', 'member', 'A.E3', ''), ('enrolment_receivable', '', 'non_member', 'B.E3', ''),
  ('revenue_school', '', 'member', 'A.E3', 'A.R3'), ('revenue_school', '', 'non_member', 'B.E3', 'B.R3'),
  ('tournament_receivable', '', 'member', 'A.E10', ''), ('tournament_receivable', '', 'non_member', 'A.E10', ''),
  ('revenue_extra', '', 'member', 'A.E10', 'A.R10'), ('revenue_extra', '', 'non_member', 'A.E10', 'A.R10'),
  ('member_debt', '', 'member', 'A.E3', ''), ('member_debt', '', 'non_member', 'B.E3', ''),
  ('credit_funded', '', 'member', 'A.E3', ''), ('credit_funded', '', 'non_member', 'B.E3', ''),
  ('credit_promo', '', 'member', 'A.E3', ''), ('credit_promo', '', 'non_member', 'A.E3', ''),
  ('carnet', '', 'member', 'A.E3', ''), ('carnet', '', 'non_member', 'B.E3', ''),
  ('refund_payable', '', 'member', 'A.E3', ''), ('refund_payable', '', 'non_member', 'B.E3', ''),
  ('adjustments', '', 'member', 'A.E10', ''), ('adjustments', '', 'non_member', 'A.E10', ''),
  ('expenses', '', 'member', 'A.U5', 'A.C7'), ('expenses', '', 'non_member', 'A.U5', 'A.C7')
)`;

let admin: string;
let accounts: TAnnualAccounts;
beforeAll(async () => {
  await seedDemoVolume(db, { year: 2026, now: new Date('2026-11-23T09:00:00Z'), passwordHash: 'not-a-login', log: () => {} });
  // Fresh statistics, as autovacuum keeps them on a live database: planned on empty tables, the season's sums crawl.
  await db.$executeRaw`ANALYZE`;
}, SEEDING_MS);
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  accounts = (await request(app).get('/api/admin/annual-accounts/years/2026').set(bearer(admin)).expect(200)).body as TAnnualAccounts;
}, 60_000);

/** Each line's sum in cents (money in, or income), by this test's own SQL over the season's postings. */
async function expectedSums(): Promise<Record<TAccountsScheme, Record<string, number>>> {
  const rows = await db.$queryRaw<{ scheme: TAccountsScheme; line: string; cents: number }[]>`
    WITH season AS (
      SELECT e.id, e.kind AS entry_kind,
             CASE WHEN EXISTS (SELECT 1 FROM memberships c WHERE c.user_id = e.user_id AND c.status IN ('active', 'expired')
                               AND (e.effective_at AT TIME ZONE 'Europe/Rome')::date BETWEEN c.start_date AND c.end_date)
                  THEN 'member' ELSE 'non_member' END AS payer
      FROM ledger_entries e
      WHERE (e.effective_at AT TIME ZONE 'Europe/Rome')::date BETWEEN '2026-01-01' AND '2026-12-31'
    ), posting AS (
      SELECT s.id AS entry_id, s.entry_kind, s.payer, a.kind::text AS kind, p.amount_cents,
             CASE WHEN a.key LIKE 'expenses:%' THEN split_part(a.key, ':', 2) ELSE '' END AS category,
             a.kind::text IN ('till', 'stripe_clearing', 'bank', 'disputes') AS is_money
      FROM season s JOIN ledger_postings p ON p.entry_id = s.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE p.phase::text IN ('posted', 'post_pending')
    ), moved AS (
      -- Entries that moved money, and whether they also earned (billed to revenue).
      SELECT entry_id, bool_or(kind = 'billed') AS earned FROM posting
      WHERE entry_kind::text <> 'bank_opening' GROUP BY entry_id HAVING sum(amount_cents) FILTER (WHERE is_money) <> 0
    ), other_side AS (
      SELECT p.* FROM posting p JOIN moved m USING (entry_id)
      WHERE NOT p.is_money AND NOT (m.earned AND (p.kind = 'billed' OR p.kind LIKE 'revenue%'))
    ), classified AS (
      SELECT 'D' AS scheme, coalesce(nullif(x.cash_line, ''), y.cash_line, 'NC') AS line, -o.amount_cents AS cents
      FROM other_side o
      LEFT JOIN ${MAPPING} AS x(kind, category, payer, cash_line, accrual_line) ON x.kind = o.kind AND x.category = '' AND o.category = '' AND (x.payer = '' OR x.payer = o.payer)
      LEFT JOIN (VALUES ('supplies', 'A.U1'), ('rent', 'A.U3'), ('fees_to_people', 'A.U4'), ('utilities', 'E.U2'), ('bank_fees', 'D.U1'), ('taxes', 'IMP'), ('other_expense', 'A.U5'))
        AS y(category, cash_line) ON o.kind = 'expenses' AND y.category = o.category
      UNION ALL
      SELECT 'B', coalesce(nullif(x.accrual_line, ''), y.accrual_line, 'NC'), -p.amount_cents
      FROM posting p
      LEFT JOIN ${MAPPING} AS x(kind, category, payer, cash_line, accrual_line) ON x.kind = p.kind AND p.category = '' AND (x.payer = '' OR x.payer = p.payer)
      LEFT JOIN (VALUES ('supplies', 'A.C1'), ('rent', 'A.C3'), ('fees_to_people', 'A.C4'), ('utilities', 'E.C2'), ('bank_fees', 'D.C1'), ('taxes', 'IMP'), ('other_expense', 'A.C7'))
        AS y(category, accrual_line) ON p.kind = 'expenses' AND y.category = p.category
      WHERE p.kind LIKE 'revenue%' OR p.kind = 'expenses'
    )
    SELECT scheme, line, sum(cents)::int AS cents FROM classified GROUP BY scheme, line`;
  const sums: Record<TAccountsScheme, Record<string, number>> = { D: {}, B: {} };
  for (const row of rows) sums[row.scheme][row.line] = row.cents;
  return sums;
}

describe('the demo season’s annual accounts', () => {
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
