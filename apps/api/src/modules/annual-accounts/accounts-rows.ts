// The year's statements as the accountant's files list them (docs/annual-accounts.md#pdf-csv-and-xlsx): every
// line of each scheme with its section and figure, then the totals, cash and bank (Mod. D) and the nature of
// the income (Mod. B). One list, so the CSV and the XLSX hold the same lines and figures.
import { ACCOUNTS_SCHEMES, moneyToCents, type TAccountsScheme, type TAnnualAccounts, UNCLASSIFIED_LINE } from '@beach/contracts';

export interface AccountsRow {
  scheme: TAccountsScheme;
  section: string;
  code: string;
  label: string;
  cents: number;
}

export function accountsRows(accounts: TAnnualAccounts): AccountsRow[] {
  const rows: AccountsRow[] = [];
  const row = (scheme: TAccountsScheme, section: string, code: string, label: string, amount: string) =>
    rows.push({ scheme, section, code, label, cents: moneyToCents(amount) });
  for (const scheme of ['D', 'B'] as const) {
    const figures = scheme === 'D' ? accounts.mod_d.figures : accounts.mod_b.figures;
    for (const section of ACCOUNTS_SCHEMES[scheme].sections) for (const line of section.lines) row(scheme, section.title, line.code, line.label, figures[line.code]!);
    if (moneyToCents(figures[UNCLASSIFIED_LINE.code]!) !== 0) row(scheme, 'Da classificare', UNCLASSIFIED_LINE.code, UNCLASSIFIED_LINE.label, figures[UNCLASSIFIED_LINE.code]!);
  }
  const d = accounts.mod_d;
  row('D', 'Totali', '', 'Totale entrate', d.receipts);
  row('D', 'Totali', '', 'Totale uscite', d.payments);
  row('D', 'Totali', '', 'Avanzo/disavanzo d’esercizio', d.result);
  row('D', 'Cassa e banca', '', 'Cassa a inizio esercizio', d.start.cash);
  row('D', 'Cassa e banca', '', 'Depositi bancari e postali a inizio esercizio', d.start.bank);
  row('D', 'Cassa e banca', '', 'Cassa a fine esercizio', d.end.cash);
  row('D', 'Cassa e banca', '', 'Depositi bancari e postali a fine esercizio', d.end.bank);
  const b = accounts.mod_b;
  row('B', 'Totali', '', 'Totale ricavi, rendite e proventi', b.income);
  row('B', 'Totali', '', 'Totale costi e oneri', b.costs);
  row('B', 'Totali', '', 'Avanzo/disavanzo d’esercizio', b.result);
  row('B', 'Natura dei ricavi', '', 'Ricavi istituzionali', b.institutional);
  row('B', 'Natura dei ricavi', '', 'Ricavi commerciali', b.commercial);
  return rows;
}
