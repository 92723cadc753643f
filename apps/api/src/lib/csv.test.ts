// The CSV writer read back by a CSV parser, as a spreadsheet would: cells that would run as formulas
// come out as text, money stays a plain number.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvMoney, writeCsv } from './csv.js';

const readBack = (csv: string) => parse(csv, { bom: true, delimiter: ';' }) as string[][];

describe('writeCsv', () => {
  it('neutralises every cell that starts with =, +, -, @, a tab or a carriage return', () => {
    const texts = ['=HYPERLINK("http://x")', '+39 333 1234567', '-2+3', '@SUM(A1:A9)', '\tcmd', '\rcmd', 'Mario Rossi', 'a=b'];
    const [header, ...rows] = readBack(writeCsv(['Testo'], texts.map((text) => [text])));
    expect(header).toEqual(['Testo']);
    expect(rows.map(([cell]) => cell)).toEqual(["'=HYPERLINK(\"http://x\")", "'+39 333 1234567", "'-2+3", "'@SUM(A1:A9)", "'\tcmd", "'\rcmd", 'Mario Rossi', 'a=b']);
  });

  it('writes money as a number with a decimal comma, negative ones included, and nothing for null', () => {
    const [, row] = readBack(writeCsv(['Importo', 'Rimborso', 'Zero', 'Note'], [[csvMoney(4000), csvMoney(-1250), csvMoney(0), null]]));
    expect(row).toEqual(['40,00', '-12,50', '0,00', '']);
  });

  it('starts with a BOM and separates with semicolons', () => {
    expect(writeCsv(['A', 'B'], [['1', '2']])).toBe('\uFEFFA;B\n1;2\n');
  });
});
