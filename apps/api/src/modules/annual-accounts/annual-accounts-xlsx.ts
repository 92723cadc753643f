// The year's statements for the accountant as a workbook (docs/annual-accounts.md#pdf-csv-and-xlsx): a sheet per
// statement, the same lines and figures as the CSV, each amount a number in euros (not text) the accountant
// can add up.
import type { TAnnualAccounts } from '@beach/contracts';
import ExcelJS from 'exceljs';
import { accountsRows } from './accounts-rows.js';

/** Euros with two decimals and the sign, as an Italian spreadsheet shows money; the cell stays a number. */
export const EURO_FORMAT = '#,##0.00 [$€-410];-#,##0.00 [$€-410]';
const SHEETS = { D: 'Mod. D · Per cassa', B: 'Mod. B · Gestionale' } as const;

export async function renderAnnualAccountsXlsx(accounts: TAnnualAccounts): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.title = `Rendiconto dell’esercizio ${accounts.label}`;
  const rows = accountsRows(accounts);
  for (const scheme of ['D', 'B'] as const) {
    const sheet = workbook.addWorksheet(SHEETS[scheme], { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: 'Esercizio', key: 'year', width: 10 },
      { header: 'Sezione', key: 'section', width: 48 },
      { header: 'Codice', key: 'code', width: 8 },
      { header: 'Voce', key: 'label', width: 70 },
      { header: 'Importo', key: 'amount', width: 16, style: { numFmt: EURO_FORMAT } },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of rows.filter((line) => line.scheme === scheme)) {
      sheet.addRow({ year: accounts.label, section: row.section, code: row.code || null, label: row.label, amount: row.cents / 100 });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
