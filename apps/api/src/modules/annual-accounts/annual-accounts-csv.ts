// The year's statements for the accountant (docs/annual-accounts.md#pdf-and-csv): one row per line of both
// schemes, with its section and figure, then the totals and (Mod. D) cash and bank at the start and end.
import { ACCOUNTS_SCHEMES, moneyToCents, type TAccountsScheme, type TAnnualAccounts, UNCLASSIFIED_LINE } from '@beach/contracts';
import { type CsvCell, csvMoney, writeCsv } from '../../lib/csv.js';

const COLUMNS = ['Esercizio', 'Schema', 'Sezione', 'Codice', 'Voce', 'Importo'];

export function renderAnnualAccountsCsv(accounts: TAnnualAccounts): string {
  const rows: CsvCell[][] = [];
  const row = (scheme: TAccountsScheme, section: string, code: string, label: string, amount: string) =>
    rows.push([accounts.label, `Mod. ${scheme}`, section, code, label, csvMoney(moneyToCents(amount))]);
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
  return writeCsv(COLUMNS, rows);
}
