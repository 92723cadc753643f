// Receipts (ricevute) of completed payments and refund notes (docs/domain.md#receipts): the member lists
// and downloads their own, staff any. Numbers run per year with no gaps: 2026/000123.
import { defineRoute, ZIdParams } from './http.js';
import { italianTexts } from './italian.js';
import { defineMessages } from './messages.js';
import { ZMoney } from './money.js';
import { ZPaymentKind, ZPaymentMethod } from './payments.js';
import * as z from './zod-i18n.js';

export const RECEIPT_KINDS = ['receipt', 'refund'] as const;
export const RECEIPT_KIND_LABELS: Record<(typeof RECEIPT_KINDS)[number], string> = { receipt: 'Ricevuta', refund: 'Nota di rimborso' };

/** 2026 and 123 → "2026/000123". */
export const receiptNumber = (year: number, number: number) => `${year}/${String(number).padStart(6, '0')}`;

export const receiptMessages = defineMessages({
  notFound: /* i18n */ { id: 'receipts.not_found', message: 'Ricevuta non trovata.' },
});
/** The Italian of each, for the web's Italian-only screens and the tests. */
export const RECEIPT_MESSAGES = italianTexts(receiptMessages);

export const ZReceipt = z.object({
  id: z.number().int(),
  kind: z.enum(RECEIPT_KINDS),
  number: z.string(),
  issued_at: z.iso.datetime(),
  amount: ZMoney,
  method: ZPaymentMethod,
  transaction_id: z.number().int(),
  /** What it paid for: a card, a booking, a share of a booking, a credit top-up or a carnet. */
  for: ZPaymentKind,
  /** What was paid for, in words (the receipt's causale). */
  description: z.string(),
  membership_id: z.number().int().nullable(),
  /** The booking it records: the booking paid, or the booking of the share paid. */
  booking_id: z.number().int().nullable(),
  /** The share of a split booking it records. */
  booking_player_id: z.number().int().nullable(),
  /** The carnet the payment bought. */
  carnet_id: z.number().int().nullable(),
  /** A refund note's receipt. */
  refers_to: z.string().nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const receiptsRoutes = {
  mine: defineRoute({ method: 'get', path: '/api/me/receipts', summary: 'Le proprie ricevute e note di rimborso', tag: 'receipts', access: 'user', response: z.object({ data: z.array(ZReceipt) }) }),
  pdf: defineRoute({
    method: 'get',
    path: '/api/receipts/:id/pdf',
    summary: 'PDF di una ricevuta (ricevuta-{anno}-{numero}.pdf): a chi ha pagato e allo staff; sempre gli stessi byte',
    tag: 'receipts',
    access: 'user',
    params: ZIdParams,
    response: z.unknown(),
  }),
};
