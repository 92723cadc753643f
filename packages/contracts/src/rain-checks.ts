// The rain check (docs/domain.md#rain-check): staff cancel every live booking of a day's time range on
// some courts (default all) for the weather, in one action. The preview lists what it hits; the rain
// check closes the courts for the range at once and a background job cancels each booking, returns its
// money (to credit by default; to the card or in cash when an admin chooses), gives carnet uses back and
// e-mails each member once. Its progress is read while it runs.
import { ZIsoDate } from './auth.js';
import { RAIN_CHECK_OUTCOMES, SLOTS } from './bookings.js';
import { ZCourtId } from './courts.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import { pagedListOf, pageQuery } from './paging.js';
import * as z from './zod-i18n.js';

const rainCheckMessages = defineMessages({
  tooManyCourts: /* i18n */ { id: 'rain_checks.too_many_courts', message: 'Troppi campi.' },
  returnTo: /* i18n */ { id: 'rain_checks.return_to', message: 'Scegli dove restituire i pagamenti.' },
  toBeforeFrom: /* i18n */ { id: 'rain_checks.to_before_from', message: 'L’orario di fine deve seguire quello di inizio.' },
  reasonTooLong: /* i18n */ { id: 'rain_checks.reason_too_long', message: 'Motivo troppo lungo (massimo 500 caratteri).' },
});

/** The cancellation reason when staff give none. */
export const RAIN_CHECK_DEFAULT_REASON = 'Pioggia';

/** Where returned money goes: credit for everyone; card (Stripe) or cash at the desk for admins only. */
export const RAIN_CHECK_RETURNS = ['credit', 'card', 'cash'] as const;
export type TRainCheckReturn = (typeof RAIN_CHECK_RETURNS)[number];
export const RAIN_CHECK_RETURN_LABELS: Record<TRainCheckReturn, string> = {
  credit: 'Sul credito del socio',
  card: 'Rimborso sulla carta (online) o in cassa',
  cash: 'Rimborso in contanti alla cassa',
};

/** How a hit booking was paid. */
export const RAIN_CHECK_PAID_WITH = ['online', 'desk', 'credit', 'carnet', 'unpaid'] as const;
export type TRainCheckPaidWith = (typeof RAIN_CHECK_PAID_WITH)[number];
export const RAIN_CHECK_PAID_WITH_LABELS: Record<TRainCheckPaidWith, string> = {
  online: 'Online',
  desk: 'In cassa',
  credit: 'Credito',
  carnet: 'Carnet',
  unpaid: 'Non pagata',
};

export const RAIN_CHECK_STATUSES = ['queued', 'running', 'completed'] as const;
export const RAIN_CHECK_STATUS_LABELS: Record<(typeof RAIN_CHECK_STATUSES)[number], string> = { queued: 'In coda', running: 'In corso', completed: 'Completato' };

const SLOT_STARTS = SLOTS.map((slot) => slot.start) as [string, ...string[]];
const SLOT_ENDS = SLOTS.map((slot) => slot.end) as [string, ...string[]];

const rangeFields = {
  date: ZIsoDate,
  from: z.enum(SLOT_STARTS, z.because(validationMessages.slotStart)),
  to: z.enum(SLOT_ENDS, z.because(validationMessages.slotEnd)),
  /** Empty or absent: every court that can be booked. */
  court_ids: z.array(ZCourtId).max(100, z.because(rainCheckMessages.tooManyCourts)).default([]),
  return_to: z.enum(RAIN_CHECK_RETURNS, z.because(rainCheckMessages.returnTo)).default('credit'),
};
const toAfterFrom = { ...z.because(rainCheckMessages.toBeforeFrom), path: ['to'] };

export const ZRainCheckPreviewBody = z.object(rangeFields).refine((body) => body.to > body.from, toAfterFrom);
export type TRainCheckPreviewBody = z.input<typeof ZRainCheckPreviewBody>;

export const ZRainCheckBody = z
  .object({
    ...rangeFields,
    reason: z
      .string()
      .trim()
      .max(500, z.because(rainCheckMessages.reasonTooLong))
      .optional()
      .transform((value) => value || RAIN_CHECK_DEFAULT_REASON),
  })
  .refine((body) => body.to > body.from, toAfterFrom);
export type TRainCheckBody = z.input<typeof ZRainCheckBody>;

const ZCourtRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const ZRainCheckHit = z.object({
  booking_id: z.number().int(),
  court: ZCourtRef,
  start: z.string(),
  end: z.string(),
  customer: z.string(),
  /** A member is e-mailed; a walk-in without account is not. */
  member: z.boolean(),
  paid_with: z.enum(RAIN_CHECK_PAID_WITH),
  /** Money that goes back (a carnet use or an unpaid hold: 0). */
  amount: ZMoney,
  outcome: z.enum(RAIN_CHECK_OUTCOMES),
});
export type TRainCheckHit = z.infer<typeof ZRainCheckHit>;

export const ZRainCheckPreview = z.object({ bookings: z.array(ZRainCheckHit), count: z.number().int(), total: ZMoney });
export type TRainCheckPreview = z.infer<typeof ZRainCheckPreview>;

export const ZRainCheck = z.object({
  id: z.number().int(),
  date: ZIsoDate,
  from: z.string(),
  to: z.string(),
  courts: z.array(ZCourtRef),
  return_to: z.enum(RAIN_CHECK_RETURNS),
  reason: z.string(),
  status: z.enum(RAIN_CHECK_STATUSES),
  total: z.number().int(),
  /** Cancelled with their money returned. */
  done: z.number().int(),
  /** Already cancelled by someone else when their turn came. */
  skipped: z.number().int(),
  /** Their last attempt failed; the job tries them again. */
  failed: z.number().int(),
  returned: ZMoney,
  created_by: z.string().nullable(),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});
export type TRainCheck = z.infer<typeof ZRainCheck>;

export const ZRainChecksQuery = pageQuery(20);

export const rainChecksRoutes = {
  preview: defineRoute({
    method: 'post',
    path: '/api/admin/rain-checks/preview',
    summary: 'Le prenotazioni che un annullamento per pioggia colpirebbe e cosa succede ai pagamenti',
    tag: 'rain-checks',
    access: 'staff',
    audit: 'skip',
    body: ZRainCheckPreviewBody,
    response: ZRainCheckPreview,
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/rain-checks',
    summary: 'Annulla per pioggia: chiude i campi nell’intervallo e annulla le prenotazioni in background',
    tag: 'rain-checks',
    access: 'staff',
    body: ZRainCheckBody,
    response: ZRainCheck,
    successStatus: 202,
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/admin/rain-checks',
    summary: 'Annullamenti per pioggia, dal più recente',
    tag: 'rain-checks',
    access: 'staff',
    query: ZRainChecksQuery,
    response: pagedListOf(ZRainCheck),
  }),
  show: defineRoute({
    method: 'get',
    path: '/api/admin/rain-checks/:id',
    summary: 'Avanzamento di un annullamento per pioggia',
    tag: 'rain-checks',
    access: 'staff',
    params: ZIdParams,
    response: ZRainCheck,
  }),
};
