// Reading a bank statement (docs/annual-accounts.md#the-bank): ISO 20022 CAMT.053 XML through fast-xml-parser,
// or a CSV through csv-parse with the columns the treasurer saved. Either gives the same lines; a file that
// is neither answers a clear Italian error before anything is written.
import { createHash } from 'node:crypto';
import type { TBankCsvMapping } from '@beach/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { invalid } from '../../lib/errors.js';
import { findCreditorReference } from '../bank-transfer/index.js';

export interface StatementLine {
  /** Unique within the account: the bank's reference for the entry, else a hash of its fields and its occurrence. */
  key: string;
  bookedOn: string;
  cents: number;
  counterparty: string;
  remittance: string;
  reference: string | null;
}

export interface ParsedStatement {
  iban: string | null;
  bankStatementId: string | null;
  fromDate: string | null;
  toDate: string | null;
  openingCents: number | null;
  closingCents: number | null;
  lines: StatementLine[];
}

export const FILE_ERRORS = {
  notCamt: 'Il file non è un estratto conto CAMT.053 leggibile: controlla di aver scaricato il formato XML ISO 20022 (camt.053).',
  badEntry: (at: number, what: string) => `Il movimento n. ${at} dell’estratto non è leggibile (${what}): nessun movimento è stato importato.`,
  noMapping: 'Per importare un CSV salva prima le colonne del file della banca.',
  badCsv: (row: number, what: string) => `La riga ${row} del CSV non è leggibile (${what}): nessun movimento è stato importato.`,
};

const fail = (message: string) => invalid({ file: [message] });
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const text = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? text((value as Record<string, unknown>)['#text']) : String(value)).trim();

/** "1234.5" in euros (a dot, as ISO 20022 writes it) to cents, or null. */
function centsOf(amount: string): number | null {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(amount)) return null;
  const [euros, decimals = ''] = amount.split('.');
  return Number(euros) * 100 + Number(decimals.padEnd(2, '0'));
}

/** The lines' keys: the bank's reference, else date, amount, counterparty, remittance and which occurrence of that same line it is. */
function keyed(lines: (Omit<StatementLine, 'key'> & { bankRef: string })[]): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map(({ bankRef, ...line }) => {
    if (bankRef) return { ...line, key: `ref:${bankRef}`.slice(0, 140) };
    const fields = [line.bookedOn, line.cents, line.counterparty, line.remittance].join('|');
    const occurrence = (seen.get(fields) ?? 0) + 1;
    seen.set(fields, occurrence);
    return { ...line, key: `hash:${createHash('sha256').update(`${fields}|${occurrence}`).digest('hex')}` };
  });
}

type Node = Record<string, unknown>;

/** A calendar day that exists ("2026-06-31" does not). */
const isDay = (iso: string) => /^\d{4}-\d{2}-\d{2}$/.test(iso) && !Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso);

/** A CAMT.053 document (any version): its statements' account, balances and booked entries, in order. */
export function parseCamt053(file: Buffer): ParsedStatement {
  const xml = file.toString('utf8');
  if (XMLValidator.validate(xml) !== true) throw fail(FILE_ERRORS.notCamt);
  // No attribute is read (the currency neither), and no callback needs the tags' paths as text: a fifth less work a line.
  const document = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, jPath: false }).parse(xml) as Node;
  const roots = asArray((document.Document as Node | undefined)?.BkToCstmrStmt as Node | Node[] | undefined);
  const statements = roots.flatMap((root) => asArray(root.Stmt as Node | Node[] | undefined));
  if (statements.length === 0) throw fail(FILE_ERRORS.notCamt);
  const balance = (statement: Node, codes: string[]) => {
    const found = asArray(statement.Bal as Node | Node[]).find((bal) => codes.includes(text(((bal.Tp as Node)?.CdOrPrtry as Node)?.Cd)));
    if (!found) return null;
    const cents = centsOf(text(found.Amt));
    return cents === null ? null : text(found.CdtDbtInd) === 'DBIT' ? -cents : cents;
  };
  let at = 0;
  const lines = statements.flatMap((statement) =>
    asArray(statement.Ntry as Node | Node[]).flatMap((entry) => {
      at += 1;
      const status = text((entry.Sts as Node)?.Cd ?? entry.Sts);
      if (status && status !== 'BOOK') return [];
      const cents = centsOf(text(entry.Amt));
      const indicator = text(entry.CdtDbtInd);
      const bookedOn = text((entry.BookgDt as Node)?.Dt ?? (entry.BookgDt as Node)?.DtTm).slice(0, 10);
      if (cents === null || cents === 0) throw fail(FILE_ERRORS.badEntry(at, 'importo'));
      if (indicator !== 'CRDT' && indicator !== 'DBIT') throw fail(FILE_ERRORS.badEntry(at, 'segno'));
      if (!isDay(bookedOn)) throw fail(FILE_ERRORS.badEntry(at, 'data'));
      const details = asArray((entry.NtryDtls as Node)?.TxDtls as Node | Node[])[0] ?? {};
      const parties = (details.RltdPties ?? {}) as Node;
      // The other party: who paid us, or whom we paid (its name directly under it, or under Pty since version 08).
      const party = ((indicator === 'CRDT' ? parties.Dbtr : parties.Cdtr) ?? {}) as Node;
      const counterparty = text(party.Nm ?? (party.Pty as Node | undefined)?.Nm);
      const remittanceInfo = (details.RmtInf ?? {}) as Node;
      const structured = text((((remittanceInfo.Strd as Node)?.CdtrRefInf as Node) ?? {}).Ref);
      const remittance = [...asArray(remittanceInfo.Ustrd).map(text), text(entry.AddtlNtryInf)].filter(Boolean).join(' ');
      const bankRef = text(entry.AcctSvcrRef) || text((details.Refs as Node)?.AcctSvcrRef);
      return [{ bankRef, bookedOn, cents: indicator === 'DBIT' ? -cents : cents, counterparty: counterparty.slice(0, 140), remittance: remittance.slice(0, 500), reference: findCreditorReference(structured || remittance) }];
    }),
  );
  const first = statements[0]!;
  const last = statements.at(-1)!;
  const period = (statement: Node, field: string) => text((statement.FrToDt as Node)?.[field]).slice(0, 10) || null;
  return {
    iban: text(((first.Acct as Node)?.Id as Node)?.IBAN).replace(/\s+/g, '').toUpperCase() || null,
    bankStatementId: text(first.Id) || null,
    fromDate: period(first, 'FrDtTm'),
    toDate: period(last, 'ToDtTm'),
    openingCents: balance(first, ['OPBD', 'PRCD']),
    closingCents: balance(last, ['CLBD']),
    lines: keyed(lines),
  };
}

/** A CSV export with the saved columns: each row a booked line (negative amounts are payments out). */
export function parseCsvStatement(file: Buffer, mapping: TBankCsvMapping | null): ParsedStatement {
  if (!mapping) throw fail(FILE_ERRORS.noMapping);
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(file, { columns: true, delimiter: mapping.delimiter, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch {
    throw fail(FILE_ERRORS.badCsv(1, 'formato'));
  }
  const missing = [mapping.date, mapping.amount, mapping.counterparty, mapping.remittance].find((column) => rows[0] && !(column in rows[0]));
  if (missing) throw fail(`Nel CSV manca la colonna «${missing}»: controlla le colonne salvate.`);
  const lines = rows.map((row, index) => {
    const raw = (row[mapping.amount] ?? '').replace(/\s|€/g, '');
    const normal = mapping.decimal === ',' ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(/,/g, '');
    const negative = normal.startsWith('-');
    const cents = centsOf(normal.replace(/^[-+]/, ''));
    const date = row[mapping.date] ?? '';
    const bookedOn = mapping.date_format === 'DD/MM/YYYY' ? date.replace(/^(\d{2})[/.-](\d{2})[/.-](\d{4})$/, '$3-$2-$1') : date;
    if (cents === null || cents === 0) throw fail(FILE_ERRORS.badCsv(index + 2, 'importo'));
    if (!isDay(bookedOn)) throw fail(FILE_ERRORS.badCsv(index + 2, 'data'));
    const remittance = (row[mapping.remittance] ?? '').slice(0, 500);
    const stated = mapping.reference ? (row[mapping.reference] ?? '') : '';
    return { bankRef: '', bookedOn, cents: negative ? -cents : cents, counterparty: (row[mapping.counterparty] ?? '').slice(0, 140), remittance, reference: findCreditorReference(stated || remittance) };
  });
  const dates = lines.map((line) => line.bookedOn).sort();
  return { iban: null, bankStatementId: null, fromDate: dates[0] ?? null, toDate: dates.at(-1) ?? null, openingCents: null, closingCents: null, lines: keyed(lines) };
}
