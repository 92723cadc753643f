// The one CSV writer of the API: semicolons, a BOM and decimal commas (what a spreadsheet set to
// Italian opens as is), and no cell a spreadsheet would run as a formula.
import { centsToMoney } from '@beach/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';

/** An amount of money in a cell: written as a number ("-12,50"), never as text. */
export interface CsvMoney {
  cents: number;
}
export type CsvCell = string | null | CsvMoney;

export const csvMoney = (cents: number): CsvMoney => ({ cents });

/**
 * A text cell starting with =, +, -, @, a tab or a carriage return (a name like `=HYPERLINK(…)`, a note
 * like `-2+3`) gets a leading apostrophe, so it shows as text instead of running (escape_formulas).
 * Money goes to csv-stringify as integer cents — a JS number, which escape_formulas leaves alone — and
 * is written by the cast below only as digits with an optional leading minus ("-12,50"): no formula
 * can come out of that, and a refund stays a negative number the spreadsheet can add up.
 */
export function writeCsv(columns: string[], rows: CsvCell[][]): string {
  return stringify(
    rows.map((row) => row.map((cell) => (cell !== null && typeof cell === 'object' ? cell.cents : cell))),
    {
      bom: true,
      delimiter: ';',
      header: true,
      columns,
      escape_formulas: true,
      cast: { number: (cents) => centsToMoney(cents).replace('.', ',') },
    },
  );
}

/** Sends a CSV as a download. */
export const sendCsv = (res: Response, filename: string, csv: string) => res.type('text/csv; charset=utf-8').attachment(filename).send(csv);
