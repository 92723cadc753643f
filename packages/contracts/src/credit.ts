// Credit (borsellino, docs/domain.md#credit): a member's balance in the centre's keeping and its ledger
// of movements. Members read theirs and top it up online; staff read it on the member's page, top it up
// at the desk and correct it with a reason.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney, ZPositiveEuroInput, ZSignedEuroInput } from './money.js';
import { pageQuery, pagedListOf } from './paging.js';
import * as z from './zod-i18n.js';

const creditMessages = defineMessages({
  deskTopUpMax: /* i18n */ { id: 'credit.desk_top_up_max', message: 'Alla segreteria si ricarica al massimo {max} per volta.' },
  adjustmentMax: /* i18n */ { id: 'credit.adjustment_max', message: 'Una rettifica può essere al massimo di {max}.' },
  correctionLimitMax: /* i18n */ { id: 'credit.correction_limit_max', message: 'Il limite delle rettifiche può essere al massimo di {max}.' },
  adjustmentReason: /* i18n */ { id: 'credit.adjustment_reason', message: 'Scrivi il motivo della rettifica.' },
  maxBelowMin: /* i18n */ { id: 'credit.max_below_min', message: 'Il massimo non può essere inferiore al minimo.' },
  refundMethod: /* i18n */ { id: 'credit.refund_method', message: 'Scegli come rimborsare: sulla carta o in contanti.' },
  refundDueMethod: /* i18n */ { id: 'credit.refund_due_method', message: 'Scegli come restituire il rimborso: in contanti o nel credito.' },
});

export const CREDIT_MOVEMENT_KINDS = [
  'top_up', 'payment', 'hold', 'returned', 'refund_to_card', 'desk_adjustment', 'rain_credit', 'cash_refund', 'stripe_refund', 'refund_failed', 'debt_settled',
] as const;
export const ZCreditMovementKind = z.enum(CREDIT_MOVEMENT_KINDS);
export type TCreditMovementKind = z.infer<typeof ZCreditMovementKind>;
export const CREDIT_MOVEMENT_LABELS: Record<TCreditMovementKind, string> = {
  top_up: 'Ricarica',
  payment: 'Pagamento',
  hold: 'Riservato per un pagamento in corso',
  returned: 'Pagamento restituito',
  refund_to_card: 'Rimborso su carta',
  desk_adjustment: 'Rettifica in segreteria',
  rain_credit: 'Credito per maltempo',
  cash_refund: 'Rimborso in contanti',
  stripe_refund: 'Ricarica rimborsata dalla banca',
  refund_failed: 'Rimborso sulla carta non riuscito: importo nel credito',
  debt_settled: 'Saldato quanto dovuto al centro',
};

/** Stripe charges at least 0,50 € in euros: credit put towards a card payment leaves the card that much. */
export const CARD_MINIMUM_CENTS = 50;
/** The credit a balance puts towards a price when the card pays the rest (0: none). */
export const creditTowardsCents = (balanceCents: number, priceCents: number) => Math.max(0, Math.min(balanceCents, priceCents - CARD_MINIMUM_CENTS));

/** How money is handed over at the desk: cash, a POS card payment or a bank transfer. */
export const DESK_TOP_UP_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export const DESK_TOP_UP_METHOD_LABELS: Record<(typeof DESK_TOP_UP_METHODS)[number], string> = { cash: 'Contanti', card: 'POS', bank_transfer: 'Bonifico' };

export const ZCreditMovement = z.object({
  id: z.number().int(),
  /** Signed: positive adds to the balance, negative takes from it. */
  amount: ZMoney,
  kind: ZCreditMovementKind,
  /** Set aside for a checkout under way: not spent yet, released if the payment does not go through. */
  pending: z.boolean(),
  reason: z.string().nullable(),
  /** The staff member who made it; null when the member (or the centre's system) did. */
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  booking_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
export type TCreditMovement = z.infer<typeof ZCreditMovement>;

/** The balance with one page of movements, newest first, and the online top-up limits. */
export const ZCreditStatement = pagedListOf(ZCreditMovement).extend({
  /** What the member holds, counting what is set aside. */
  balance: ZMoney,
  /** Set aside for payments under way. */
  reserved: ZMoney,
  /** What can be spent now: the balance less what is set aside. */
  available: ZMoney,
  /** Of the balance, money paid in: it can be refunded. The rest (corrections, rain credit) can only be spent. */
  refundable: ZMoney,
  /** What the member owes the centre (credit or a carnet spent, then its payment refunded by the bank). */
  owed: ZMoney,
  /** Card refunds Stripe did not make (docs/domain.md#refund-payable): the member's, paid out at the desk. Not part of the balance. */
  refund_due: ZMoney,
  /** Of refund_due, what a dispute of the payment holds back until it closes. */
  refund_due_held: ZMoney,
  top_up_min: ZMoney,
  top_up_max: ZMoney,
  /** Above this the desk confirms a top-up or a refund in words (docs/domain.md#credit, "Large amounts at the desk"). */
  confirm_above: ZMoney,
});
export type TCreditStatement = z.infer<typeof ZCreditStatement>;

export const ZCreditTopUpBody = z.object({ amount: ZPositiveEuroInput });
export type TCreditTopUpBody = z.input<typeof ZCreditTopUpBody>;
/**
 * A desk top-up or a correction above this is almost surely a typing slip (an extra zero): refused with a
 * clear message. The admin's limit of corrections by staff may not exceed it either.
 */
export const DESK_CREDIT_MAX_CENTS = 100_000;
/** The limit as the messages say it: "1.000,00 €" (the desk's, Italian, way of writing it). */
const DESK_CREDIT_MAX_TEXT = `${String(Math.floor(DESK_CREDIT_MAX_CENTS / 100)).replace(/\B(?=(\d{3})+$)/g, '.')},${String(DESK_CREDIT_MAX_CENTS % 100).padStart(2, '0')} €`;

export const ZDeskTopUpBody = z.object({
  amount: ZPositiveEuroInput.refine((cents) => cents <= DESK_CREDIT_MAX_CENTS, z.because(creditMessages.deskTopUpMax, { max: DESK_CREDIT_MAX_TEXT })),
  method: z.enum(DESK_TOP_UP_METHODS, z.because(validationMessages.deskTopUpMethod)),
  /** The desk confirmed the amount in words: needed above the setting `confirm_above`. */
  confirmed: z.boolean().default(false),
});
export type TDeskTopUpBody = z.input<typeof ZDeskTopUpBody>;
export const ZCreditAdjustmentBody = z.object({
  amount: ZSignedEuroInput.refine((cents) => Math.abs(cents) <= DESK_CREDIT_MAX_CENTS, z.because(creditMessages.adjustmentMax, { max: DESK_CREDIT_MAX_TEXT })),
  reason: z
    .string(z.because(creditMessages.adjustmentReason))
    .trim()
    .min(3, z.because(creditMessages.adjustmentReason))
    .max(500, z.because(validationMessages.reasonTooLong)),
});
export type TCreditAdjustmentBody = z.input<typeof ZCreditAdjustmentBody>;

/**
 * The online top-up's limits, the largest correction staff may add without an admin, and the amount above
 * which the desk confirms a top-up or a refund in words, set by the admin.
 */
export const ZCreditSettings = z.object({ top_up_min: ZMoney, top_up_max: ZMoney, correction_limit: ZMoney, confirm_above: ZMoney });
export type TCreditSettings = z.infer<typeof ZCreditSettings>;
export const ZCreditSettingsBody = z
  .object({
    top_up_min: ZPositiveEuroInput,
    top_up_max: ZPositiveEuroInput,
    correction_limit: ZPositiveEuroInput.refine(
      (cents) => cents <= DESK_CREDIT_MAX_CENTS,
      z.because(creditMessages.correctionLimitMax, { max: DESK_CREDIT_MAX_TEXT }),
    ),
    confirm_above: ZPositiveEuroInput,
  })
  .refine((body) => body.top_up_max >= body.top_up_min, { path: ['top_up_max'], ...z.because(creditMessages.maxBelowMin) });
export type TCreditSettingsBody = z.input<typeof ZCreditSettingsBody>;

/** How staff give credit back: to the card of the online top-ups (oldest first) or in cash at the desk. */
export const CREDIT_REFUND_METHODS = ['card', 'cash'] as const;
export const CREDIT_REFUND_METHOD_LABELS: Record<(typeof CREDIT_REFUND_METHODS)[number], string> = { card: 'Sulla carta', cash: 'In contanti' };
export const ZCreditRefundBody = z.object({
  method: z.enum(CREDIT_REFUND_METHODS, z.because(creditMessages.refundMethod)),
  /** Empty: the whole balance. */
  amount: z.preprocess((value) => (value === '' ? null : value), ZPositiveEuroInput.nullish()),
  /** The desk confirmed the amount in words: needed above the setting `confirm_above`. */
  confirmed: z.boolean().default(false),
});
export type TCreditRefundBody = z.input<typeof ZCreditRefundBody>;

/** How the desk pays out a member's refund due: in cash, or into their credit (money paid in). */
export const REFUND_DUE_METHODS = ['cash', 'credit'] as const;
export const ZRefundDueBody = z.object({ method: z.enum(REFUND_DUE_METHODS, z.because(creditMessages.refundDueMethod)) });
export type TRefundDueBody = z.input<typeof ZRefundDueBody>;

/** What a change of credit answers: the movement it made (none when nothing moved) and the balance after. */
const ZCreditChange = z.object({ message: z.string(), balance: ZMoney, movement: ZCreditMovement.nullable() });

/** A correction of a member's credit, as the dashboard lists the day's. */
export const ZCreditCorrection = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), name: z.string() }),
  amount: ZMoney,
  reason: z.string().nullable(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.iso.datetime(),
});
export type TCreditCorrection = z.infer<typeof ZCreditCorrection>;
export const ZCreditCorrectionsQuery = z.object({ date: ZIsoDate.optional() });
export const ZCreditCorrections = z.object({ date: ZIsoDate, data: z.array(ZCreditCorrection), added: ZMoney, taken: ZMoney });
export type TCreditCorrections = z.infer<typeof ZCreditCorrections>;

export const creditRoutes = {
  mine: defineRoute({
    method: 'get', path: '/api/me/credit', tag: 'credit', access: 'user',
    summary: 'Il mio credito: saldo e movimenti, dal più recente',
    query: pageQuery(20), response: ZCreditStatement,
  }),
  topUp: defineRoute({
    method: 'post', path: '/api/me/credit/top-up', tag: 'credit', access: 'user',
    summary: 'Ricarica il credito online: apre il pagamento su Stripe Checkout (importo tra il minimo e il massimo delle impostazioni)',
    body: ZCreditTopUpBody, response: z.object({ checkout_url: z.string() }),
  }),
  payBooking: defineRoute({
    method: 'post', path: '/api/bookings/:id/pay-with-credit', tag: 'credit', access: 'user',
    summary: 'Paga con il credito una prenotazione in attesa di pagamento (il saldo deve coprirla)',
    params: ZIdParams, response: ZCreditChange,
  }),
  payMembership: defineRoute({
    method: 'post', path: '/api/memberships/:id/pay-with-credit', tag: 'credit', access: 'user',
    summary: 'Paga con il credito la propria tessera in attesa di pagamento (il saldo deve coprirla): la tessera si attiva',
    params: ZIdParams, response: ZCreditChange,
  }),
  show: defineRoute({
    method: 'get', path: '/api/admin/users/:id/credit', tag: 'credit', access: 'staff',
    summary: 'Credito di un socio: saldo e movimenti',
    params: ZIdParams, query: pageQuery(20), response: ZCreditStatement,
  }),
  deskTopUp: defineRoute({
    method: 'post', path: '/api/admin/users/:id/credit/top-up', tag: 'credit', access: 'staff',
    summary: 'Ricarica in segreteria (contanti, POS o bonifico): registra l’incasso e il movimento',
    params: ZIdParams, body: ZDeskTopUpBody, response: ZCreditChange,
  }),
  adjust: defineRoute({
    method: 'post', path: '/api/admin/users/:id/credit/adjustment', tag: 'credit', access: 'staff',
    summary: 'Rettifica del credito (in più o in meno) con il motivo; mai sotto zero. Sopra il limite delle impostazioni, o sul proprio credito, solo un amministratore',
    params: ZIdParams, body: ZCreditAdjustmentBody, response: ZCreditChange,
  }),
  corrections: defineRoute({
    method: 'get', path: '/api/admin/credit/corrections', tag: 'credit', access: 'staff',
    summary: 'Le rettifiche del credito di un giorno (oggi se non indicato), per il cruscotto',
    query: ZCreditCorrectionsQuery, response: ZCreditCorrections,
  }),
  refund: defineRoute({
    method: 'post', path: '/api/admin/users/:id/credit/refund', tag: 'credit', access: 'staff',
    summary: 'Rimborsa il credito (tutto il saldo o una parte): sulla carta, con rimborsi Stripe delle ricariche online dalla più vecchia, o in contanti',
    params: ZIdParams, body: ZCreditRefundBody, response: ZCreditChange,
  }),
  payRefundDue: defineRoute({
    method: 'post', path: '/api/admin/users/:id/credit/refund-due', tag: 'credit', access: 'staff',
    summary: 'Restituisce i rimborsi sulla carta non riusciti (tranne quelli trattenuti da una contestazione aperta): in contanti o nel credito. Sul proprio conto, solo un amministratore',
    params: ZIdParams, body: ZRefundDueBody, response: ZCreditChange,
  }),
  settings: defineRoute({
    method: 'get', path: '/api/admin/credit/settings', tag: 'credit', access: 'admin',
    summary: 'Importo minimo e massimo delle ricariche online', response: ZCreditSettings,
  }),
  saveSettings: defineRoute({
    method: 'put', path: '/api/admin/credit/settings', tag: 'credit', access: 'admin',
    summary: 'Modifica l’importo minimo e massimo delle ricariche online', body: ZCreditSettingsBody, response: ZCreditSettings,
  }),
};
