// Reads a BVU members CSV (docs/domain.md#bvu-members): header row required, Italian or English headers, ';'
// or ',' separators, UTF-8 with or without BOM (Windows-1252 accepted too, as Excel saves it), dates as
// dd/mm/yyyy or yyyy-mm-dd. Each good row comes out validated; each bad one as "Riga N: why".
import { type api, type BodyOf, BVU_IMPORT_MAX_ROWS, BVU_VALIDITY, ZBvuMemberFields } from '@beach/contracts';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { invalid } from '../../lib/errors.js';
import { fiscalCheckCharacterProblem } from '../memberships/index.js';

export type BvuRow = BodyOf<typeof api.bvuMembers.create> & { season: string; line: number };

type Field = keyof typeof FIELD_LABELS;

/** Field names as the error lines name them. */
const FIELD_LABELS = {
  card_code: 'codice tessera',
  season: 'stagione',
  last_name: 'cognome',
  first_name: 'nome',
  fiscal_code: 'codice fiscale',
  gender: 'sesso',
  birth_date: 'data di nascita',
  email: 'e-mail',
  issue_date: 'data di rilascio',
  expiry_date: 'data di scadenza',
} as const;

/** Accepted headers (lower-case, accents and spaces folded) for each field. */
const HEADER_ALIASES: Record<Field, string[]> = {
  card_code: ['codice_tessera', 'card_code', 'tessera', 'numero_tessera'],
  season: ['stagione', 'season', 'anno'],
  last_name: ['cognome', 'last_name', 'surname'],
  first_name: ['nome', 'first_name', 'name'],
  fiscal_code: ['codice_fiscale', 'fiscal_code', 'cf', 'tax_code'],
  gender: ['sesso', 'gender', 'genere'],
  birth_date: ['data_nascita', 'data_di_nascita', 'birth_date', 'date_of_birth'],
  email: ['email', 'e_mail', 'mail'],
  issue_date: ['data_rilascio', 'data_di_rilascio', 'issue_date'],
  expiry_date: ['data_scadenza', 'data_di_scadenza', 'expiry_date', 'expiration_date'],
};
const REQUIRED_FIELDS: Field[] = ['card_code', 'last_name', 'first_name', 'fiscal_code'];
const DATE_FIELDS = new Set<Field>(['birth_date', 'issue_date', 'expiry_date']);

export const CSV_MESSAGES = {
  notText: 'Il file non è un CSV di testo.',
  noRows: 'Il file non contiene righe di dati dopo l’intestazione.',
  missingColumns: (names: string[]) => `Manca la colonna obbligatoria: ${names.join(', ')}. La prima riga deve contenere le intestazioni (es. codice_tessera;cognome;nome;codice_fiscale).`,
  tooManyRows: `Il file ha più di ${BVU_IMPORT_MAX_ROWS.toLocaleString('it-IT')} righe di dati: dividilo in più file.`,
  malformed: (line: number) => `Il file non è un CSV valido (riga ${line}): controlla separatori e virgolette.`,
  duplicate: (line: number, previous: number) => `Riga ${line}: stesso tesserato (codice fiscale e stagione) della riga ${previous}; vale la riga ${previous}.`,
  cardTaken: (line: number, previous: number) => `Riga ${line}: codice tessera già usato alla riga ${previous} per la stessa stagione.`,
} as const;

const fold = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** UTF-8 unless the bytes are not valid UTF-8, then Windows-1252; the BOM is dropped. */
function decode(file: Buffer): string {
  if (file.includes(0)) throw invalid({ file: [CSV_MESSAGES.notText] });
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    return iconv.decode(file, 'win1252');
  }
}

/** The separator of the header line: whichever of ';' and ',' it uses more. */
function separatorOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return (header.match(/;/g)?.length ?? 0) >= (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** dd/mm/yyyy (or d/m/yyyy, with - or .) becomes yyyy-mm-dd; anything else is left for validation. */
function isoDate(value: string): string {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : value.trim();
}

/** The file's column of each field it has. */
function columnsOf(header: string[]): [Field, number][] {
  const folded = header.map(fold);
  const columns: Partial<Record<Field, number>> = {};
  for (const [field, aliases] of Object.entries(HEADER_ALIASES) as [Field, string[]][]) {
    const index = folded.findIndex((name) => aliases.includes(name));
    if (index >= 0) columns[field] = index;
  }
  const missing = REQUIRED_FIELDS.filter((field) => columns[field] === undefined);
  if (missing.length > 0) throw invalid({ file: [CSV_MESSAGES.missingColumns(missing.map((field) => HEADER_ALIASES[field][0]!))] });
  return Object.entries(columns) as [Field, number][];
}

export interface ReadResult {
  rows: BvuRow[];
  errors: string[];
}

type Body = BodyOf<typeof api.bvuMembers.create>;
type FieldCheck = ReturnType<(typeof ZBvuMemberFields.shape)[Field]['safeParse']>;

/** Fields unique to each member; the others (season, names, dates) repeat from row to row. */
const UNIQUE_FIELDS = new Set<Field>(['card_code', 'fiscal_code', 'email']);

/**
 * A check of one row as the form's schema makes it, field by field in the schema's order (so the
 * first problem is the one the whole schema would report first), then the rule across fields. Each
 * distinct value of a repeating field is checked once per file: zod per field and row was half of
 * the reading time.
 */
function rowChecker() {
  const fields = Object.keys(ZBvuMemberFields.shape) as Field[];
  const seen = new Map(fields.map((field) => [field, new Map<string | undefined, FieldCheck>()]));
  const checkField = (field: Field, value: string | undefined): FieldCheck => {
    if (UNIQUE_FIELDS.has(field)) return ZBvuMemberFields.shape[field].safeParse(value);
    const known = seen.get(field)!;
    let check = known.get(value);
    if (!check) known.set(value, (check = ZBvuMemberFields.shape[field].safeParse(value)));
    return check;
  };
  return (raw: Partial<Record<Field, string>>): { data: Body } | { field: Field; problem: string } => {
    const data: Record<string, unknown> = {};
    for (const field of fields) {
      const check = checkField(field, raw[field]);
      if (!check.success) return { field, problem: check.error.issues[0]!.message };
      data[field] = check.data;
    }
    const body = data as Body;
    return BVU_VALIDITY.holds(body) ? { data: body } : { field: BVU_VALIDITY.field, problem: BVU_VALIDITY.message };
  };
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/**
 * The file's records, each with the line it ends on, through csv-parse's sync API (one pass, no
 * stream per record); a malformed file is reported by its line, and no more rows than the cap allows
 * (plus the header and one) are read.
 */
function recordsOf(text: string): CsvRecord[] {
  const delimiter = separatorOf(text);
  const limit = BVU_IMPORT_MAX_ROWS + 2;
  try {
    // csv-parse's types do not follow `info: true`, which wraps each record with its line.
    return parse(text, { delimiter, bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true, to: limit }) as unknown as CsvRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw invalid({ file: [CSV_MESSAGES.malformed(Number(error.lines ?? 0))] });
    throw error;
  }
}

/**
 * Reads the file's records and checks each row as the add form would (the fiscal code by its check
 * character). Rows repeating a member or a card code of an earlier row are reported.
 */
export function readBvuCsv(file: Buffer, defaultSeason: string): ReadResult {
  const rows: BvuRow[] = [];
  const errors: string[] = [];
  const byMember = new Map<string, number>();
  const byCard = new Map<string, number>();
  let columns: [Field, number][] | null = null;
  let dataRows = 0;
  const checkRow = rowChecker();
  for (const { record, info } of recordsOf(decode(file))) {
    if (!columns) {
      columns = columnsOf(record);
      continue;
    }
    // A file of hundreds of thousands of short rows would be read, checked and answered row by row.
    if (++dataRows > BVU_IMPORT_MAX_ROWS) throw invalid({ file: [CSV_MESSAGES.tooManyRows] });
    const line = info.lines;
    const raw: Partial<Record<Field, string>> = {};
    for (const [field, index] of columns) {
      const value = record[index] ?? '';
      raw[field] = DATE_FIELDS.has(field) ? isoDate(value) : value;
    }
    const parsed = checkRow(raw);
    if ('problem' in parsed) {
      errors.push(`Riga ${line}: ${FIELD_LABELS[parsed.field]}: ${parsed.problem}`);
      continue;
    }
    // The check character only: decoding birthplace and date of 80,000 codes would take most of the
    // client's 120 s (the add form does the full check).
    const fiscalProblem = fiscalCheckCharacterProblem(parsed.data.fiscal_code);
    if (fiscalProblem) {
      errors.push(`Riga ${line}: ${FIELD_LABELS.fiscal_code}: ${fiscalProblem}`);
      continue;
    }
    const row: BvuRow = Object.assign(parsed.data, { season: parsed.data.season ?? defaultSeason, line });
    const memberKey = `${row.fiscal_code}|${row.season}`;
    const cardKey = `${row.card_code}|${row.season}`;
    const sameMember = byMember.get(memberKey);
    const sameCard = byCard.get(cardKey);
    if (sameMember !== undefined) errors.push(CSV_MESSAGES.duplicate(line, sameMember));
    else if (sameCard !== undefined) errors.push(CSV_MESSAGES.cardTaken(line, sameCard));
    else {
      byMember.set(memberKey, line);
      byCard.set(cardKey, line);
      rows.push(row);
    }
  }
  if (!columns || (rows.length === 0 && errors.length === 0)) throw invalid({ file: [CSV_MESSAGES.noRows] });
  return { rows, errors };
}
