// The bank (docs/annual-accounts.md#the-bank): statements imported (CAMT.053 or CSV), each line matched to
// the ledger — a Stripe payout, a transfer paying an amount due by its RF reference — or assigned by the
// treasurer; and paying by transfer (IBAN, amount, RF reference, EPC QR code) for every amount due.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages } from './messages.js';
import { ZMoney } from './money.js';
import * as z from './zod-i18n.js';

export const bankMessages = defineMessages({
  iban: /* i18n */ { id: 'bank.iban', message: 'IBAN non valido: controlla le lettere e le cifre.' },
  holder: /* i18n */ { id: 'bank.holder', message: 'Scrivi l’intestatario del conto (al massimo 70 caratteri).' },
  category: /* i18n */ { id: 'bank.category', message: 'Scegli una categoria.' },
  column: /* i18n */ { id: 'bank.column', message: 'Scrivi il nome della colonna come nell’intestazione del file.' },
});

/** Largest statement file accepted. */
export const BANK_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** What a line that is not a payout nor a payment of an amount due is, in two clicks; the category's ledger account follows. */
export const BANK_CATEGORIES = ['bank_fees', 'supplies', 'utilities', 'rent', 'fees_to_people', 'taxes', 'other_expense', 'other_income', 'sponsors', 'equipment', 'equipment_sale'] as const;
export type TBankCategory = (typeof BANK_CATEGORIES)[number];
export const BANK_CATEGORY_LABELS: Record<TBankCategory, string> = {
  bank_fees: 'Commissioni bancarie',
  supplies: 'Acquisti e materiali',
  utilities: 'Utenze',
  rent: 'Affitti e canoni',
  fees_to_people: 'Compensi e rimborsi spese',
  taxes: 'Imposte e tasse',
  other_expense: 'Altre spese',
  other_income: 'Altre entrate',
  sponsors: 'Sponsorizzazioni',
  equipment: 'Attrezzature (investimento)',
  equipment_sale: 'Vendita di attrezzature (disinvestimento)',
};

export const BANK_LINE_STATES = ['open', 'proposed', 'matched', 'assigned'] as const;
export const BANK_LINE_STATE_LABELS: Record<(typeof BANK_LINE_STATES)[number], string> = {
  open: 'Da abbinare',
  proposed: 'Abbinamento proposto',
  matched: 'Abbinato',
  assigned: 'Assegnato',
};

export const ZBankLine = z.object({
  id: z.number().int(),
  booked_on: ZIsoDate,
  amount: ZMoney,
  counterparty: z.string(),
  remittance: z.string(),
  creditor_reference: z.string().nullable(),
  state: z.enum(BANK_LINE_STATES),
  /** What it was matched to or is proposed for, in words ("Payout Stripe po_…", "Iscrizione 12, rata 2 · Rossi Anna"). */
  match: z.string().nullable(),
  category: z.enum(BANK_CATEGORIES).nullable(),
  /** The category used last time for this counterparty: proposed. */
  suggested_category: z.enum(BANK_CATEGORIES).nullable(),
  note: z.string().nullable(),
});
export type TBankLine = z.infer<typeof ZBankLine>;

export const ZBankImportResult = z.object({
  statement_id: z.number().int(),
  lines_added: z.number().int(),
  lines_known: z.number().int(),
  matched: z.number().int(),
  proposed: z.number().int(),
});
export type TBankImportResult = z.infer<typeof ZBankImportResult>;

const ZIban = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, z.because(bankMessages.iban)));
export const ZBankAccountBody = z.object({ iban: ZIban, holder: z.string().trim().min(1, z.because(bankMessages.holder)).max(70, z.because(bankMessages.holder)) });
export type TBankAccountBody = z.input<typeof ZBankAccountBody>;

const ZColumn = z.string().trim().min(1, z.because(bankMessages.column)).max(100, z.because(bankMessages.column));
const csvMappingFields = {
  date: ZColumn,
  amount: ZColumn,
  counterparty: ZColumn,
  remittance: ZColumn,
  delimiter: z.enum([';', ',', '\t']),
  decimal: z.enum([',', '.']),
  date_format: z.enum(['DD/MM/YYYY', 'YYYY-MM-DD']),
};
/** Which columns of a bank's CSV hold what, saved once: the header names, the separator, the decimal mark and the date order. */
export const ZBankCsvMapping = z.object({
  ...csvMappingFields,
  /** Optional: an empty field is no column. */
  reference: z.preprocess((value) => (value === '' ? null : value), ZColumn.nullish()).transform((value) => value ?? null),
});
/** The columns as saved, sent back to the bank screen. */
const ZBankCsvMappingSaved = z.object({ ...csvMappingFields, reference: z.string().nullable() });
export type TBankCsvMapping = z.infer<typeof ZBankCsvMapping>;
export type TBankCsvMappingBody = z.input<typeof ZBankCsvMapping>;

export const ZBankOverview = z.object({
  iban: z.string().nullable(),
  holder: z.string().nullable(),
  /** The last statement's closing balance, its last day and the bank account's balance in the ledger (all of it, and as of that day). */
  closing_balance: ZMoney.nullable(),
  closing_date: ZIsoDate.nullable(),
  ledger_balance: ZMoney,
  /** The books as of the statement's last day: equal to its closing balance once every line up to that day is matched (docs/annual-accounts.md#matching). */
  ledger_balance_at_closing: ZMoney.nullable(),
  statements: z.number().int(),
  /** The CSV columns saved for the account, reused by every CSV import; null until saved. */
  csv_mapping: ZBankCsvMappingSaved.nullable(),
  lines: z.array(ZBankLine),
});
export type TBankOverview = z.infer<typeof ZBankOverview>;

export const ZBankAssignBody = z.object({ category: z.enum(BANK_CATEGORIES, z.because(bankMessages.category)) });

/** How a member pays an amount due by transfer: the account, the amount, the RF reference and the EPC QR code (an SVG). */
export const ZTransferDetails = z.object({
  iban: z.string(),
  holder: z.string(),
  amount: ZMoney,
  reference: z.string(),
  qr_svg: z.string(),
});
export type TTransferDetails = z.infer<typeof ZTransferDetails>;

/** One amount a member owes now, as the desk prints it: what it is, how much, and how to pay it by transfer (null while no IBAN is set). */
export const ZAmountDue = z.object({ what: z.string(), amount: ZMoney, transfer: ZTransferDetails.nullable() });
export const ZAmountsDue = z.object({ member: z.string(), items: z.array(ZAmountDue) });
export type TAmountsDue = z.infer<typeof ZAmountsDue>;

export const bankRoutes = {
  overview: defineRoute({
    method: 'get', path: '/api/admin/bank', tag: 'bank', access: 'admin',
    summary: 'Il conto in banca: IBAN, saldo dell’ultimo estratto e del registro, movimenti con il loro stato',
    query: z.object({ state: z.enum(BANK_LINE_STATES).optional() }), response: ZBankOverview,
  }),
  account: defineRoute({
    method: 'put', path: '/api/admin/bank/account', tag: 'bank', access: 'admin',
    summary: 'Imposta l’IBAN e l’intestatario del conto stampati su ogni importo da pagare con bonifico',
    body: ZBankAccountBody, response: z.object({ message: z.string() }),
  }),
  csvMapping: defineRoute({
    method: 'put', path: '/api/admin/bank/csv-mapping', tag: 'bank', access: 'admin',
    summary: 'Salva le colonne del CSV della banca (una volta per conto)',
    body: ZBankCsvMapping, response: z.object({ message: z.string() }),
  }),
  import: defineRoute({
    method: 'post', path: '/api/admin/bank/statements', tag: 'bank', access: 'admin',
    summary: 'Importa un estratto conto (multipart, campo "file": CAMT.053 XML o CSV): aggiunge solo i movimenti nuovi e li abbina',
    response: ZBankImportResult,
  }),
  confirm: defineRoute({
    method: 'post', path: '/api/admin/bank/lines/:id/confirm', tag: 'bank', access: 'admin',
    summary: 'Conferma l’abbinamento proposto: il bonifico paga l’importo dovuto, con la sua ricevuta',
    params: ZIdParams, response: ZBankLine,
  }),
  assign: defineRoute({
    method: 'post', path: '/api/admin/bank/lines/:id/assign', tag: 'bank', access: 'admin',
    summary: 'Assegna un movimento a una categoria di spesa o entrata (ricordata per la stessa controparte)',
    params: ZIdParams, body: ZBankAssignBody, response: ZBankLine,
  }),
  enrolmentTransfer: defineRoute({
    method: 'get', path: '/api/me/enrolments/:id/transfer', tag: 'bank', access: 'user',
    summary: 'Come pagare con bonifico la prossima rata di una mia iscrizione: IBAN, importo, riferimento RF e codice QR',
    params: ZIdParams, response: ZTransferDetails,
  }),
  membershipTransfer: defineRoute({
    method: 'get', path: '/api/me/memberships/:id/transfer', tag: 'bank', access: 'user',
    summary: 'Come pagare con bonifico una mia tessera in attesa di pagamento: IBAN, importo, riferimento RF e codice QR',
    params: ZIdParams, response: ZTransferDetails,
  }),
  tournamentTransfer: defineRoute({
    method: 'get', path: '/api/me/tournament-entries/:id/transfer', tag: 'bank', access: 'user',
    summary: 'Come pagare con bonifico la mia quota di un’iscrizione a un torneo: IBAN, importo, riferimento RF e codice QR',
    params: ZIdParams, response: ZTransferDetails,
  }),
  amountsDue: defineRoute({
    method: 'get', path: '/api/admin/users/:id/amounts-due', tag: 'bank', access: 'staff',
    summary: 'Gli importi che il socio deve pagare ora, con IBAN, importo, riferimento RF e codice QR del bonifico: la stampa della segreteria',
    params: ZIdParams, response: ZAmountsDue,
  }),
  debtTransfer: defineRoute({
    method: 'get', path: '/api/me/debt/transfer', tag: 'bank', access: 'user',
    summary: 'Come pagare con bonifico quanto devo al centro: IBAN, importo, riferimento RF e codice QR',
    response: ZTransferDetails,
  }),
};
