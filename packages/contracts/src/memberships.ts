// Membership cards (tessere), member side (docs/domain.md#memberships): buy, pay, download, verify.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import { ZPaymentStatus, ZPaymentMethod } from './payments.js';
import { addDays } from './rome-time.js';
import * as z from './zod-i18n.js';

const membershipMessages = defineMessages({
  pickType: /* i18n */ { id: 'memberships.pick_type', message: 'Scegli il tipo di tessera.' },
  fiscalCode: /* i18n */ { id: 'memberships.fiscal_code', message: 'Inserisci il codice fiscale.' },
});

export const MEMBERSHIP_TYPES = ['seasonal', 'under_23', 'under_18', 'monthly', 'weekly', 'daily'] as const;
export const ZMembershipType = z.enum(MEMBERSHIP_TYPES, z.because(membershipMessages.pickType));
export type TMembershipType = z.infer<typeof ZMembershipType>;

export const MEMBERSHIP_TYPE_LABELS: Record<TMembershipType, string> = {
  seasonal: 'Stagionale',
  under_23: 'Under 23',
  under_18: 'Under 18',
  monthly: 'Mensile',
  weekly: 'Settimanale',
  daily: 'Giornaliera',
};

export const MEMBERSHIP_STATUSES = ['active', 'pending', 'expired'] as const;
export const ZMembershipStatus = z.enum(MEMBERSHIP_STATUSES);
export type TMembershipStatus = z.infer<typeof ZMembershipStatus>;
export const MEMBERSHIP_STATUS_LABELS: Record<TMembershipStatus, string> = { active: 'Attiva', pending: 'In attesa', expired: 'Scaduta' };

/** Cards that run to the season's end; the others start on a chosen day. */
export const SEASONAL_TYPES: readonly TMembershipType[] = ['seasonal', 'under_23', 'under_18'];
/** Days a period card lasts, its start day included. */
export const PERIOD_DAYS: Partial<Record<TMembershipType, number>> = { monthly: 30, weekly: 7, daily: 1 };
/** Age limits: the member must be younger than this on the card's first day. */
export const AGE_LIMITS: Partial<Record<TMembershipType, number>> = { under_23: 23, under_18: 18 };

export { ageOn } from './age.js';

/** A member whose cards cover today is offered a renewal from this many days before they stop covering. */
export const RENEWAL_DAYS = 30;

/**
 * The last day the member's active cards cover from `day` on, one after another (a renewal already
 * bought carries it on), or null when none covers `day` (docs/domain.md#memberships). A new card starts
 * after it.
 */
export function coveredUntil(cards: readonly { status: TMembershipStatus; start_date: string; end_date: string }[], day: string): string | null {
  let covered: string | null = null;
  for (const card of cards.filter((each) => each.status === 'active' && each.end_date >= day).sort((a, b) => a.start_date.localeCompare(b.start_date))) {
    if (card.start_date > (covered === null ? day : addDays(covered, 1))) break;
    if (covered === null || card.end_date > covered) covered = card.end_date;
  }
  return covered;
}

/** The types a member of that age may buy. */
export const membershipTypesForAge = (age: number): TMembershipType[] =>
  MEMBERSHIP_TYPES.filter((type) => age < (AGE_LIMITS[type] ?? Number.POSITIVE_INFINITY));

/** Sixteen letters and digits; the check character and the birth date are checked by the server. */
export const ZFiscalCode = z
  .string(z.because(membershipMessages.fiscalCode))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{16}$/, z.because(validationMessages.fiscalCodeFormat));

const optionalCode = z
  .string()
  .trim()
  .max(50)
  .transform((value) => value.toUpperCase() || null)
  .nullish()
  .transform((value) => value ?? null);

/** What a member chooses; prices are never sent by the client (the server computes them). */
export const ZMembershipPurchaseBody = z.object({
  type: ZMembershipType,
  fiscal_code: ZFiscalCode,
  /** Needed when the profile has none; saved to the profile. */
  birth_date: ZIsoDate.nullish().transform((value) => value ?? null),
  /** First day, for monthly, weekly and daily cards (seasonal cards follow the season). */
  start_date: ZIsoDate.nullish().transform((value) => value ?? null),
  with_insurance: z.boolean().default(false),
  bvu_card_code: optionalCode,
  coupon_code: optionalCode,
});
export type TMembershipPurchaseBody = z.input<typeof ZMembershipPurchaseBody>;

export const ZPriceLine = z.object({ label: z.string(), amount: ZMoney });

export const ZMembershipQuote = z.object({
  type: ZMembershipType,
  start_date: ZIsoDate,
  end_date: ZIsoDate,
  has_insurance: z.boolean(),
  /** true when the card's price already includes insurance (BVU, monthly, weekly, daily). */
  insurance_included: z.boolean(),
  is_bvu_member: z.boolean(),
  coupon_code: z.string().nullable(),
  lines: z.array(ZPriceLine),
  original_price: ZMoney,
  discount_amount: ZMoney,
  price: ZMoney,
  /** false for free cards and for minors: the desk activates those. */
  pay_online: z.boolean(),
});
export type TMembershipQuote = z.infer<typeof ZMembershipQuote>;

export const ZMembershipPayment = z.object({
  payment_method: ZPaymentMethod,
  status: ZPaymentStatus,
  stripe_payment_intent_id: z.string().nullable(),
  created_at: z.iso.datetime(),
});

/** A membership card on the wire (without the nested user, which the back-office adds). */
export const ZMembership = z.object({
  id: z.number().int(),
  membership_number: z.string(),
  type: ZMembershipType,
  status: ZMembershipStatus,
  is_bvu_member: z.boolean(),
  bvu_card_code: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  start_date: ZIsoDate,
  end_date: ZIsoDate,
  has_insurance: z.boolean().nullable(),
  original_price: ZMoney,
  discount_amount: ZMoney,
  price: ZMoney,
  coupon_code: z.string().nullable(),
  pdf_path: z.string().nullable(),
  qr_code: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** The latest payment, if any. */
  payment: ZMembershipPayment.nullable(),
});
export type TMembership = z.infer<typeof ZMembership>;

/** A member's own card, with what they can do next. */
export const ZMyMembership = ZMembership.extend({
  /** Why a pending card waits: an online payment, or the desk (free cards, minors). */
  awaiting: z.enum(['payment', 'desk']).nullable(),
  /** Address encoded in the QR code. */
  verify_url: z.string().nullable(),
  can_cancel: z.boolean(),
});
export type TMyMembership = z.infer<typeof ZMyMembership>;

/** not_yet_valid: an active card whose first day is still to come (e.g. bought for next season). */
export const VERIFICATION_STATUSES = ['valid', 'not_yet_valid', 'expired', 'not_valid'] as const;
export const ZMembershipVerification = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  membership_number: z.string(),
  type: ZMembershipType,
  start_date: ZIsoDate,
  end_date: ZIsoDate,
  /** First name and last-name initial only ("Giulia R."). */
  holder: z.string(),
  /** While "richiedi certificato valido" is on: the holder has no valid medical certificate today. */
  certificate_warning: z.string().optional(),
});
export type TMembershipVerification = z.infer<typeof ZMembershipVerification>;

const ZCheckoutUrl = z.object({ checkout_url: z.url() });

export const membershipsRoutes = {
  mine: defineRoute({
    method: 'get',
    path: '/api/memberships/mine',
    summary: 'Le mie tessere, la più recente per prima',
    tag: 'memberships',
    access: 'user',
    response: z.object({ data: z.array(ZMyMembership) }),
  }),
  quote: defineRoute({
    method: 'post',
    path: '/api/memberships/quote',
    summary: 'Preventivo di una tessera (tipo, validità, assicurazione, BVU, coupon) senza crearla',
    tag: 'memberships',
    access: 'user',
    body: ZMembershipPurchaseBody,
    response: ZMembershipQuote,
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/memberships',
    summary: 'Richiede una tessera: se è a pagamento restituisce l’indirizzo del pagamento online',
    tag: 'memberships',
    access: 'user',
    body: ZMembershipPurchaseBody,
    response: z.object({ membership: ZMyMembership, checkout_url: z.url().nullable() }),
    successStatus: 201,
  }),
  checkout: defineRoute({
    method: 'post',
    path: '/api/memberships/:id/checkout',
    summary: 'Nuovo pagamento online per una propria tessera in attesa',
    tag: 'memberships',
    access: 'user',
    params: ZIdParams,
    response: ZCheckoutUrl,
  }),
  cancel: defineRoute({
    method: 'delete',
    path: '/api/memberships/:id',
    summary: 'Annulla una propria richiesta di tessera non ancora pagata né attivata',
    tag: 'memberships',
    access: 'user',
    params: ZIdParams,
    response: z.object({ message: z.string() }),
  }),
  pdf: defineRoute({
    method: 'get',
    path: '/api/memberships/:id/pdf',
    summary: 'PDF della propria tessera (tessera-{numero}.pdf)',
    tag: 'memberships',
    access: 'user',
    params: ZIdParams,
    response: z.unknown(),
  }),
  verify: defineRoute({
    method: 'get',
    path: '/api/memberships/verify/:token',
    summary: 'Verifica pubblica di una tessera dal QR code (dati personali minimi)',
    tag: 'memberships',
    access: 'public',
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) }),
    response: ZMembershipVerification,
  }),
};
