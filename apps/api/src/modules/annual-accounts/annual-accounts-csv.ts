// The year's statements for the accountant as CSV (docs/annual-accounts.md#pdf-csv-and-xlsx): one row per line
// of both schemes, with its year, scheme, section and figure.
import type { TAnnualAccounts } from '@beach/contracts';
import { csvMoney, writeCsv } from '../../lib/csv.js';
import { accountsRows } from './accounts-rows.js';

const COLUMNS = ['Esercizio', 'Schema', 'Sezione', 'Codice', 'Voce', 'Importo'];

export const renderAnnualAccountsCsv = (accounts: TAnnualAccounts): string =>
  writeCsv(COLUMNS, accountsRows(accounts).map((row) => [accounts.label, `Mod. ${row.scheme}`, row.section, row.code, row.label, csvMoney(row.cents)]));
