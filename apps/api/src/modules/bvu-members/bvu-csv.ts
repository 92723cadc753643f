// Reads a BVU members CSV (docs/domain.md#bvu-members): header row required, Italian or English headers, ';'
// or ',' separators, UTF-8 with or without BOM (Windows-1252 accepted too, as Excel saves it), dates as
// dd/mm/yyyy or yyyy-mm-dd. Each good row comes out validated; each bad one as "Riga N: why". The file's
// encoding, separator and header are bvu-csv-file.ts; this checks its rows.
import { type api, type BodyOf, BVU_IMPORT_MAX_ROWS, BVU_VALIDITY, ZBvuMemberFields } from '@beach/contracts';
import { invalid } from '../../lib/errors.js';
import { fiscalCheckCharacterProblem } from '../memberships/index.js';
import { columnsOf, CSV_MESSAGES, decode, type Field, FIELD_LABELS, recordsOf } from './bvu-csv-file.js';

export type BvuRow = BodyOf<typeof api.bvuMembers.create> & { season: string; line: number };

const DATE_FIELDS = new Set<Field>(['birth_date', 'issue_date', 'expiry_date']);

/** dd/mm/yyyy (or d/m/yyyy, with - or .) becomes yyyy-mm-dd; anything else is left for validation. */
function isoDate(value: string): string {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : value.trim();
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
