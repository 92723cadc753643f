// The year's two statements from the lines' totals (docs/annual-accounts.md#the-annual-accounts): each line's
// figure positive when it is what the line says (a receipt on an income line, a payment on a payment line),
// the totals, the result, cash and bank at the start and end (Mod. D), and income split into institutional
// and commercial.
import { centsToMoney, linesOf, type TAccountsScheme, type TAnnualAccounts } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import { cashAndBank, lineTotals, type LineTotal, type MemberSpan } from './contributions.js';
import type { FinancialYear } from './financial-year.js';

interface SchemeFigures {
  /** Each line's figure in cents, every line of the scheme (the unclassified one too). */
  figures: Record<string, number>;
  income: number;
  outgoings: number;
  institutional: number;
  commercial: number;
}

function schemeFigures(scheme: TAccountsScheme, totals: LineTotal[]): SchemeFigures {
  const lines = linesOf(scheme);
  const figures = Object.fromEntries(lines.map((line) => [line.code, 0]));
  const result: SchemeFigures = { figures, income: 0, outgoings: 0, institutional: 0, commercial: 0 };
  for (const total of totals.filter((row) => row.scheme === scheme)) {
    const side = lines.find((line) => line.code === total.line)?.side ?? 'in';
    const figure = side === 'in' ? total.amount : -total.amount;
    figures[total.line] = (figures[total.line] ?? 0) + figure;
    if (side === 'out') result.outgoings += figure;
    else {
      result.income += figure;
      if (total.line !== 'NC') result[total.commercial ? 'commercial' : 'institutional'] += figure;
    }
  }
  return result;
}

const money = (figures: Record<string, number>) => Object.fromEntries(Object.entries(figures).map(([code, cents]) => [code, centsToMoney(cents)]));

export async function annualAccounts(db: Db, year: FinancialYear, members: MemberSpan[]): Promise<TAnnualAccounts> {
  const [totals, cash] = await Promise.all([lineTotals(db, year, members), cashAndBank(db, year)]);
  const d = schemeFigures('D', totals);
  const b = schemeFigures('B', totals);
  return {
    year: year.year,
    label: year.label,
    from: year.from,
    to: year.to,
    mod_d: {
      figures: money(d.figures),
      receipts: centsToMoney(d.income),
      payments: centsToMoney(d.outgoings),
      result: centsToMoney(d.income - d.outgoings),
      start: { cash: centsToMoney(cash.cash_start), bank: centsToMoney(cash.bank_start) },
      end: { cash: centsToMoney(cash.cash_end), bank: centsToMoney(cash.bank_end) },
      institutional: centsToMoney(d.institutional),
      commercial: centsToMoney(d.commercial),
    },
    mod_b: {
      figures: money(b.figures),
      income: centsToMoney(b.income),
      costs: centsToMoney(b.outgoings),
      result: centsToMoney(b.income - b.outgoings),
      institutional: centsToMoney(b.institutional),
      commercial: centsToMoney(b.commercial),
    },
  };
}
