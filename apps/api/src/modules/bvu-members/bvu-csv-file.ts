// The BVU members CSV as a file (docs/domain.md#bvu-members): its text (UTF-8 with or without BOM, or
// Windows-1252 as Excel saves it), its separator (';' or ','), its records with their line numbers, and
// the header row naming each field's column (Italian or English headers).
import { BVU_IMPORT_MAX_ROWS } from '@beach/contracts';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { invalid } from '../../lib/errors.js';

export type Field = keyof typeof FIELD_LABELS;

/** Field names as the error lines name them. */
export const FIELD_LABELS = {
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
export function decode(file: Buffer): string {
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

/** The file's column of each field it has. */
export function columnsOf(header: string[]): [Field, number][] {
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

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/**
 * The file's records, each with the line it ends on, through csv-parse's sync API (one pass, no
 * stream per record); a malformed file is reported by its line, and no more rows than the cap allows
 * (plus the header and one) are read.
 */
export function recordsOf(text: string): CsvRecord[] {
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
