// The annual accounts (docs/annual-accounts.md#the-annual-accounts): the association's financial year, the
// cash-based statement (Mod. D) and the accrual statement (Mod. B) drawn from the ledger, every figure
// traceable to its entries, and the mapping of ledger accounts to the schemes' lines the admin adjusts.
import { mappableCodes } from './annual-accounts-lines.js';
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { zInt, zTextInt } from './integers.js';
import { defineMessages } from './messages.js';
import { ZMoney } from './money.js';
import { pagedListOf, pageQuery } from './paging.js';
import * as z from './zod-i18n.js';

export * from './annual-accounts-lines.js';

export const annualAccountsMessages = defineMessages({
  year: /* i18n */ { id: 'annual_accounts.year', message: 'Scegli un anno tra il 2000 e il 2100.' },
  month: /* i18n */ { id: 'annual_accounts.month', message: 'Scegli il mese in cui comincia l’esercizio (da 1 a 12).' },
  line: /* i18n */ { id: 'annual_accounts.line', message: 'Scegli una voce dello schema.' },
  scheme: /* i18n */ { id: 'annual_accounts.scheme', message: 'Scegli il Mod. D o il Mod. B.' },
});

export const ACCOUNTS_ENTRIES_PER_PAGE = 25;

/** A financial year, named by the calendar year it starts in. */
const ZYearParams = z.object({ year: zTextInt(annualAccountsMessages.year, { min: 2000, max: 2100 }) });
const ZScheme = z.enum(['D', 'B'], z.because(annualAccountsMessages.scheme));

export const ZFinancialYears = z.object({
  /** The month (1–12) the financial year starts in. */
  start_month: z.number().int(),
  /** The year today falls in, and every year the ledger has entries in (newest first). */
  current_year: z.number().int(),
  years: z.array(z.number().int()),
});
export type TFinancialYears = z.infer<typeof ZFinancialYears>;
export const ZFinancialYearBody = z.object({ start_month: zInt(annualAccountsMessages.month, { min: 1, max: 12 }) });

/** Cash on hand (the desk's cash till) and in the bank (every other money account: bank, POS, transfers, Stripe). */
export const ZCashAndBank = z.object({ cash: ZMoney, bank: ZMoney });

/** Each line's figure by its code (receipts and income, payments and costs, all positive when they are what the line says). */
const ZFigures = z.record(z.string(), ZMoney);
const ZIncomeNature = { institutional: ZMoney, commercial: ZMoney };

export const ZAnnualAccounts = z.object({
  year: z.number().int(),
  /** "2026", or "2026/27" for a year that does not start in January. */
  label: z.string(),
  from: ZIsoDate,
  to: ZIsoDate,
  mod_d: z.object({ figures: ZFigures, receipts: ZMoney, payments: ZMoney, result: ZMoney, start: ZCashAndBank, end: ZCashAndBank, ...ZIncomeNature }),
  mod_b: z.object({ figures: ZFigures, income: ZMoney, costs: ZMoney, result: ZMoney, ...ZIncomeNature }),
});
export type TAnnualAccounts = z.infer<typeof ZAnnualAccounts>;

/** One entry behind a figure, with what it brought to the line. */
export const ZAccountsEntry = z.object({
  id: z.number().int(),
  key: z.string(),
  kind: z.string(),
  effective_on: ZIsoDate,
  description: z.string().nullable(),
  amount: ZMoney,
});
export type TAccountsEntry = z.infer<typeof ZAccountsEntry>;

export const ZAccountsMapping = z.object({
  id: z.number().int(),
  account_kind: z.string(),
  /** The kind of account in words ("Ricavi da prenotazioni"), with its category if any. */
  account: z.string(),
  category: z.string().nullable(),
  payer: z.enum(['member', 'non_member']).nullable(),
  cash_line: z.string().nullable(),
  accrual_line: z.string().nullable(),
  commercial: z.boolean(),
});
export type TAccountsMapping = z.infer<typeof ZAccountsMapping>;

const zLine = (scheme: 'D' | 'B') => z.enum(mappableCodes(scheme) as [string, ...string[]], z.because(annualAccountsMessages.line)).nullable();
export const ZAccountsMappingBody = z.object({ cash_line: zLine('D'), accrual_line: zLine('B'), commercial: z.boolean() });
export type TAccountsMappingBody = z.input<typeof ZAccountsMappingBody>;

const base = '/api/admin/annual-accounts';
export const annualAccountsRoutes = {
  years: defineRoute({
    method: 'get', path: base, tag: 'annual-accounts', access: 'admin',
    summary: 'L’esercizio dell’associazione: il mese in cui comincia, l’anno in corso e gli anni con movimenti',
    response: ZFinancialYears,
  }),
  financialYear: defineRoute({
    method: 'put', path: `${base}/financial-year`, tag: 'annual-accounts', access: 'admin',
    summary: 'Imposta il mese in cui comincia l’esercizio',
    body: ZFinancialYearBody, response: ZFinancialYears,
  }),
  statement: defineRoute({
    method: 'get', path: `${base}/years/:year`, tag: 'annual-accounts', access: 'admin',
    summary: 'Il rendiconto dell’esercizio dal registro: per cassa (Mod. D) e gestionale (Mod. B)',
    params: ZYearParams, response: ZAnnualAccounts,
  }),
  entries: defineRoute({
    method: 'get', path: `${base}/years/:year/:scheme/:line/entries`, tag: 'annual-accounts', access: 'admin',
    summary: 'Le scritture del registro dietro una voce del rendiconto, con quanto ciascuna vi porta',
    params: ZYearParams.extend({ scheme: ZScheme, line: z.string().max(8) }),
    query: pageQuery(ACCOUNTS_ENTRIES_PER_PAGE),
    response: pagedListOf(ZAccountsEntry),
  }),
  pdf: defineRoute({
    method: 'get', path: `${base}/years/:year/pdf`, tag: 'annual-accounts', access: 'admin',
    summary: 'Il rendiconto in PDF, per l’assemblea dei soci', params: ZYearParams, response: z.unknown(),
  }),
  csv: defineRoute({
    method: 'get', path: `${base}/years/:year/csv`, tag: 'annual-accounts', access: 'admin',
    summary: 'Il rendiconto in CSV, per il commercialista: ogni voce dei due schemi con il suo importo', params: ZYearParams, response: z.unknown(),
  }),
  xlsx: defineRoute({
    method: 'get', path: `${base}/years/:year/xlsx`, tag: 'annual-accounts', access: 'admin',
    summary: 'Il rendiconto in XLSX, per il commercialista: un foglio per schema, gli importi come numeri in euro', params: ZYearParams, response: z.unknown(),
  }),
  mappings: defineRoute({
    method: 'get', path: `${base}/mappings`, tag: 'annual-accounts', access: 'admin',
    summary: 'La tabella che porta ogni tipo di conto del registro a una voce del Mod. D e del Mod. B',
    response: z.array(ZAccountsMapping),
  }),
  saveMapping: defineRoute({
    method: 'put', path: `${base}/mappings/:id`, tag: 'annual-accounts', access: 'admin',
    summary: 'Cambia le voci e la natura (istituzionale o commerciale) di una riga della tabella',
    params: ZIdParams, body: ZAccountsMappingBody, response: ZAccountsMapping,
  }),
};
