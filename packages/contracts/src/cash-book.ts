// The cash book (prima nota, docs/annual-accounts.md#the-cash-book): the ledger's tills and bank accounts day
// by day — each one's opening balance, money in, money out and closing balance, and every movement —, and the
// desk's till count at closing: the cash counted against the ledger's cash till, the difference posted.
import { ZIsoDate } from './auth.js';
import { defineRoute } from './http.js';
import { defineMessages } from './messages.js';
import { ZEuroInput, ZMoney } from './money.js';
import * as z from './zod-i18n.js';

export const cashBookMessages = defineMessages({
  range: /* i18n */ { id: 'cash_book.range', message: 'Scegli un periodo di al massimo 92 giorni, con la data iniziale prima di quella finale.' },
  note: /* i18n */ { id: 'cash_book.note', message: 'La nota può avere al massimo 300 caratteri.' },
});

/** Longest period one cash book shows. */
export const CASH_BOOK_MAX_DAYS = 92;

const ZBookAccount = z.object({
  /** The ledger's account: 'till:cash', 'bank', 'bank:IT60…'. */
  account: z.string(),
  label: z.string(),
  opening: ZMoney,
  money_in: ZMoney,
  money_out: ZMoney,
  closing: ZMoney,
});

export const ZCashBookMovement = z.object({
  entry_id: z.number().int(),
  at: z.string(),
  account: z.string(),
  description: z.string(),
  /** Signed: money in positive. */
  amount: ZMoney,
});

export const ZCashBookDay = z.object({ day: ZIsoDate, accounts: z.array(ZBookAccount), movements: z.array(ZCashBookMovement) });
export type TCashBookDay = z.infer<typeof ZCashBookDay>;

export const ZCashBook = z.object({ from: ZIsoDate, to: ZIsoDate, days: z.array(ZCashBookDay) });
export type TCashBook = z.infer<typeof ZCashBook>;

export const ZCashBookQuery = z
  .object({ from: ZIsoDate, to: ZIsoDate })
  .refine(({ from, to }) => from <= to && Date.parse(to) - Date.parse(from) < CASH_BOOK_MAX_DAYS * 86_400_000, { ...z.because(cashBookMessages.range), path: ['to'] });

export const ZTillCount = z.object({
  id: z.number().int(),
  counted_at: z.string(),
  counted: ZMoney,
  ledger: ZMoney,
  /** counted − ledger: posted as a ledger entry naming the count. */
  difference: ZMoney,
  note: z.string().nullable(),
  by: z.string(),
});
export type TTillCount = z.infer<typeof ZTillCount>;

export const ZTillDay = z.object({
  day: ZIsoDate,
  /** The ledger's cash till now. */
  till_balance: ZMoney,
  counts: z.array(ZTillCount),
});
export type TTillDay = z.infer<typeof ZTillDay>;

export const ZTillCountBody = z.object({
  counted: ZEuroInput,
  note: z.preprocess((value) => (value === '' ? null : value), z.string().trim().max(300, z.because(cashBookMessages.note)).nullish()).transform((value) => value ?? null),
});
export type TTillCountBody = z.input<typeof ZTillCountBody>;

export const cashBookRoutes = {
  book: defineRoute({
    method: 'get', path: '/api/admin/cash-book', tag: 'cash-book', access: 'admin',
    summary: 'La prima nota: casse e conti in banca del registro giorno per giorno, con saldi, entrate, uscite e movimenti',
    query: ZCashBookQuery, response: ZCashBook,
  }),
  tillDay: defineRoute({
    method: 'get', path: '/api/admin/till-counts', tag: 'cash-book', access: 'staff',
    summary: 'La cassa contanti di oggi: il saldo nel registro e i conteggi di chiusura con la loro differenza',
    response: ZTillDay,
  }),
  countTill: defineRoute({
    method: 'post', path: '/api/admin/till-counts', tag: 'cash-book', access: 'staff',
    summary: 'Registra il conteggio dei contanti alla chiusura: la differenza con il registro è un movimento',
    body: ZTillCountBody, response: z.object({ message: z.string(), count: ZTillCount }), successStatus: 201,
  }),
};
