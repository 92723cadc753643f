// School enrolments (docs/school.md#money): the public list of courses open to enrolment, a member
// enrolling themself or one of their children (the whole course pro rata, one lesson, or a free trial),
// paying it by card, with credit or at the desk, and cancelling it.
import { ZIsoDate } from './auth.js';
import { DESK_TOP_UP_METHODS } from './credit.js';
import { defineRoute, ZIdParams, zTextRowId } from './http.js';
import { localizedTitleOutput } from './localized-titles.js';
import { ZDebtWarning } from './member-debt.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import { ZSport } from './setups.js';
import { zInt } from './integers.js';
import * as z from './zod-i18n.js';

const enrolmentMessages = defineMessages({
  course: /* i18n */ { id: 'enrolments.course', message: 'Scegli il corso.' },
  kind: /* i18n */ { id: 'enrolments.kind', message: 'Scegli come iscriverti: tutto il corso, una lezione o una prova.' },
  child: /* i18n */ { id: 'enrolments.child', message: 'Scegli chi iscrivi.' },
  session: /* i18n */ { id: 'enrolments.session', message: 'Scegli la lezione.' },
  instalment: /* i18n */ { id: 'enrolments.instalment', message: 'Scegli la rata da pagare.' },
});

export const ENROLMENT_KINDS = ['course', 'lesson', 'trial'] as const;
export const ZEnrolmentKind = z.enum(ENROLMENT_KINDS, z.because(enrolmentMessages.kind));
export type TEnrolmentKind = z.infer<typeof ZEnrolmentKind>;
export const ENROLMENT_STATUSES = ['pending_payment', 'confirmed', 'cancelled'] as const;
export type TEnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** A session still to come, open to a lesson or a trial, with its places left. */
export const ZOpenSession = z.object({ id: z.number().int(), starts_at: z.iso.datetime(), ends_at: z.iso.datetime(), places_left: z.number().int() });
export type TOpenSession = z.infer<typeof ZOpenSession>;

/** A camp week's age band (ages both included) and its places left. */
export const ZOpenBand = z.object({ min_age: z.number().int(), max_age: z.number().int(), places_left: z.number().int() });
export type TOpenBand = z.infer<typeof ZOpenBand>;

/** A course open to enrolment, as anyone sees it; prices are now's (the whole course pro rata, a late fee included). */
export const ZOpenCourse = z.object({
  id: z.number().int(),
  /** A season course, or a summer camp week (docs/school.md#camps). */
  offer: z.enum(['course', 'camp']),
  name: z.string(),
  ...localizedTitleOutput,
  sport: ZSport,
  level: z.string().nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  coach_first_name: z.string().nullable(),
  /** ISO weekdays 1 (Monday) … 7 of its sessions, and their Rome start time HH:MM. */
  weekdays: z.array(z.number().int()),
  start_time: z.string(),
  duration_minutes: z.number().int(),
  courts: z.array(z.string()),
  starts_on: ZIsoDate,
  ends_on: ZIsoDate,
  places_left: z.number().int(),
  sessions_total: z.number().int(),
  sessions_left: z.number().int(),
  /** The whole course from now: price × sessions left ÷ sessions, to whole euros. */
  price_now: ZMoney,
  price: ZMoney,
  lesson_price: ZMoney.nullable(),
  trial_allowed: z.boolean(),
  /** The sessions still to come, for a lesson or a trial. */
  sessions: z.array(ZOpenSession),
  /** A camp's age bands, youngest first; none for a season course. */
  bands: z.array(ZOpenBand),
  /** Paid at enrolment; the rest by `balance_due_on`. */
  deposit: ZMoney.nullable(),
  balance_due_on: ZIsoDate.nullable(),
  /** Off the price of a further child of the same family. */
  sibling_discount_percent: z.number().int(),
  /** Added from `late_fee_from` on (already in `price_now` once that day has come). */
  late_fee: ZMoney,
  late_fee_from: ZIsoDate.nullable(),
});
export type TOpenCourse = z.infer<typeof ZOpenCourse>;

export const ZEnrolmentBody = z
  .object({
    course_id: zTextRowId(enrolmentMessages.course),
    /** Null or absent: the member themself. */
    child_id: zTextRowId(enrolmentMessages.child).nullish(),
    kind: ZEnrolmentKind,
    session_id: zTextRowId(enrolmentMessages.session).nullish(),
  })
  .refine((body) => body.kind === 'course' || body.session_id != null, { path: ['session_id'], ...z.because(enrolmentMessages.session) });
export type TEnrolmentBody = z.input<typeof ZEnrolmentBody>;

/** One amount the enrolment owes by a Rome day; paid or not is read from the ledger (docs/school.md#instalments). */
export const ZEnrolmentInstalment = z.object({
  seq: z.number().int(),
  amount: ZMoney,
  due_on: ZIsoDate,
  paid: z.boolean(),
  /** Unpaid and past its day plus the settings' grace days. */
  overdue: z.boolean(),
});
export type TEnrolmentInstalment = z.infer<typeof ZEnrolmentInstalment>;

export const ZEnrolment = z.object({
  id: z.number().int(),
  /** `offer`: a season course, or a camp week (whose whole-course place is the week). */
  course: z.object({ id: z.number().int(), name: z.string(), ...localizedTitleOutput, offer: z.enum(['course', 'camp']) }),
  /** Who takes the place: the member, or their child. */
  participant: z.object({ child_id: z.number().int().nullable(), name: z.string() }),
  kind: ZEnrolmentKind,
  session_starts_at: z.iso.datetime().nullable(),
  amount: ZMoney,
  /** Taken off `amount` as a further child of the family (docs/school.md#camps); 0.00 when none. */
  sibling_discount: ZMoney,
  /** What is still owed, from the ledger. */
  owed: ZMoney,
  status: z.enum(ENROLMENT_STATUSES),
  hold_expires_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  /** What it owes by when; none for a free or a cancelled enrolment. */
  instalments: z.array(ZEnrolmentInstalment),
  /** The instalments due by today not yet paid. */
  due_now: ZMoney,
  /** The first instalment not yet paid. */
  next_due: ZEnrolmentInstalment.nullable(),
  /** What "Paga ora" pays (ZEnrolmentPayBody's `seq`): what is due now, else the next instalment; null when nothing is owed. */
  pay_now: z.object({ seq: z.number().int(), amount: ZMoney }).nullable(),
});
export type TEnrolment = z.infer<typeof ZEnrolment>;

/** The instalment a payment pays up to (ZEnrolmentPayBody). */
const zInstalmentSeq = zInt(enrolmentMessages.instalment, { min: 1 }).optional();

export const ZEnrolmentDeskBody = z.object({
  method: z.enum(DESK_TOP_UP_METHODS, z.because(validationMessages.deskTopUpMethod)),
  /** As ZEnrolmentPayBody's. */
  seq: zInstalmentSeq,
});
export type TEnrolmentDeskBody = z.input<typeof ZEnrolmentDeskBody>;

/**
 * Paying an enrolment pays up to the instalment `seq` (the earlier ones with it). Without it: what is due
 * now, or the next instalment when nothing is due yet. Naming it keeps a double click from paying two.
 */
export const ZEnrolmentPayBody = z.object({ seq: zInstalmentSeq });
export type TEnrolmentPayBody = z.input<typeof ZEnrolmentPayBody>;

/** Whom a member may enrol: themself (child_id null) or one of their children; the birth date picks a camp's band. */
export const ZParticipant = z.object({ child_id: z.number().int().nullable(), name: z.string(), birth_date: ZIsoDate.nullable() });
export type TParticipant = z.infer<typeof ZParticipant>;

const ZEnrolmentList = z.object({ data: z.array(ZEnrolment) });
const ZEnrolmentAnswer = z.object({ message: z.string(), enrolment: ZEnrolment });

export const enrolmentsRoutes = {
  openCourses: defineRoute({
    method: 'get', path: '/api/courses', tag: 'enrolments', access: 'public',
    summary: 'Corsi pubblicati con lezioni ancora da tenere, posti rimasti e prezzo di oggi', response: z.object({ data: z.array(ZOpenCourse) }),
  }),
  enrol: defineRoute({
    method: 'post', path: '/api/me/enrolments', tag: 'enrolments', access: 'user', successStatus: 201,
    summary: 'Iscrive sé o un proprio figlio: tutto il corso, una lezione o una prova; il posto resta tenuto fino al pagamento',
    body: ZEnrolmentBody, response: ZEnrolmentAnswer.extend({ debt: ZDebtWarning }),
  }),
  participants: defineRoute({
    method: 'get', path: '/api/me/enrolments/participants', tag: 'enrolments', access: 'user',
    summary: 'Chi posso iscrivere: me stesso e i miei figli', response: z.object({ data: z.array(ZParticipant) }),
  }),
  mine: defineRoute({
    method: 'get', path: '/api/me/enrolments', tag: 'enrolments', access: 'user',
    summary: 'Le mie iscrizioni e quelle dei miei figli', response: ZEnrolmentList,
  }),
  checkout: defineRoute({
    method: 'post', path: '/api/me/enrolments/:id/checkout', tag: 'enrolments', access: 'user',
    summary: 'Paga con la carta (Stripe Checkout) quanto è dovuto di un’iscrizione: in attesa, la prima rata; confermata, la rata successiva',
    params: ZIdParams, body: ZEnrolmentPayBody, response: z.object({ checkout_url: z.string() }),
  }),
  payWithCredit: defineRoute({
    method: 'post', path: '/api/me/enrolments/:id/pay-with-credit', tag: 'enrolments', access: 'user',
    summary: 'Paga con il proprio credito quanto è dovuto di un’iscrizione (in attesa: la prima rata; confermata: la successiva)',
    params: ZIdParams, body: ZEnrolmentPayBody, response: ZEnrolmentAnswer,
  }),
  cancelMine: defineRoute({
    method: 'post', path: '/api/me/enrolments/:id/cancel', tag: 'enrolments', access: 'user',
    summary: 'Annulla una propria iscrizione ancora da pagare: il posto si libera', params: ZIdParams, response: ZEnrolmentAnswer,
  }),
  ofMember: defineRoute({
    method: 'get', path: '/api/admin/users/:id/enrolments', tag: 'enrolments', access: 'staff',
    summary: 'Iscrizioni ai corsi di un socio (e dei suoi figli)', params: ZIdParams, response: ZEnrolmentList,
  }),
  collect: defineRoute({
    method: 'post', path: '/api/admin/enrolments/:id/collect', tag: 'enrolments', access: 'staff',
    summary: 'Incassa in segreteria quanto è dovuto di un’iscrizione (contanti, POS o bonifico): la conferma se in attesa',
    params: ZIdParams, body: ZEnrolmentDeskBody, response: ZEnrolmentAnswer,
  }),
  cancel: defineRoute({
    method: 'post', path: '/api/admin/enrolments/:id/cancel', tag: 'enrolments', access: 'staff',
    summary: 'Annulla un’iscrizione: il posto si libera e quanto pagato torna come credito',
    params: ZIdParams, response: ZEnrolmentAnswer,
  }),
};
