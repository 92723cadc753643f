// Season courses of the school (docs/school.md#sessions): the admin defines a course (coach, courts,
// days and time in Rome, prices, places) and its sessions are generated from a weekly rule; each session
// holds its courts through court closures. Staff read the courses; only the admin writes them.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams, zRowId, zTextRowId } from './http.js';
import { localizedTitleFields, localizedTitleOutput } from './localized-titles.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZEuroInput, ZMoney } from './money.js';
import { pagedListOf, pageQuery } from './paging.js';
import { ZSport } from './setups.js';
import * as z from './zod-i18n.js';

const courseMessages = defineMessages({
  name: /* i18n */ { id: 'courses.name', message: 'Inserisci il nome del corso.' },
  weekdays: /* i18n */ { id: 'courses.weekdays', message: 'Scegli almeno un giorno della settimana.' },
  startTime: /* i18n */ { id: 'courses.start_time', message: 'Orario di inizio non valido (HH:MM).' },
  duration: /* i18n */ { id: 'courses.duration', message: 'La durata va da 15 a 600 minuti.' },
  courts: /* i18n */ { id: 'courses.courts', message: 'Scegli almeno un campo.' },
  participants: /* i18n */ { id: 'courses.participants', message: 'Inserisci un numero di partecipanti da 1 a 500.' },
  maxBelowMin: /* i18n */ { id: 'courses.max_below_min', message: 'Il massimo non può essere inferiore al minimo.' },
  age: /* i18n */ { id: 'courses.age', message: 'Inserisci un’età da 0 a 99.' },
  maxAgeBelowMin: /* i18n */ { id: 'courses.max_age_below_min', message: 'L’età massima non può essere inferiore alla minima.' },
  exceptions: /* i18n */ { id: 'courses.exceptions', message: 'Al massimo 15 date da saltare.' },
  tooLong: /* i18n */ { id: 'courses.too_long', message: 'Un corso dura al massimo un anno.' },
  cancelReason: /* i18n */ { id: 'courses.cancel_reason', message: 'Scrivi il motivo (al massimo 200 caratteri).' },
  offer: /* i18n */ { id: 'courses.offer', message: 'Scegli il tipo: corso o centro estivo.' },
  bandCapacity: /* i18n */ { id: 'courses.band_capacity', message: 'Inserisci i posti della fascia, da 1 a 500.' },
  bands: /* i18n */ { id: 'courses.bands', message: 'Un centro estivo ha da 1 a 4 fasce d’età.' },
  bandsOverlap: /* i18n */ { id: 'courses.bands_overlap', message: 'Le fasce d’età non possono sovrapporsi.' },
  bandsOnlyCamps: /* i18n */ { id: 'courses.bands_only_camps', message: 'Le fasce d’età sono solo dei centri estivi.' },
  depositOnlyCamps: /* i18n */ { id: 'courses.deposit_only_camps', message: 'Acconto e saldo sono solo dei centri estivi.' },
  depositAboveZero: /* i18n */ { id: 'courses.deposit_above_zero', message: 'L’acconto deve essere maggiore di zero e non superare il prezzo.' },
  depositNeedsBalanceDate: /* i18n */ { id: 'courses.deposit_needs_balance_date', message: 'Con l’acconto indica la data del saldo (e viceversa).' },
  balanceBeforeStart: /* i18n */ { id: 'courses.balance_before_start', message: 'Il saldo va pagato prima del primo giorno.' },
  siblingDiscount: /* i18n */ { id: 'courses.sibling_discount', message: 'Lo sconto fratelli va da 0 a 50%.' },
  lateFeeNeedsDate: /* i18n */ { id: 'courses.late_fee_needs_date', message: 'Con la maggiorazione indica da quando si applica (e viceversa).' },
  lateFeeBeforeStart: /* i18n */ { id: 'courses.late_fee_before_start', message: 'La maggiorazione deve partire prima del primo giorno.' },
  checkBeforeStart: /* i18n */ { id: 'courses.check_before_start', message: 'La verifica del minimo va fatta prima del primo giorno.' },
  instalmentDates: /* i18n */ { id: 'courses.instalment_dates', message: 'Al massimo 6 date di rata, tra il primo e l’ultimo giorno del corso.' },
  instalmentsOnlyCourses: /* i18n */ { id: 'courses.instalments_only_courses', message: 'Le rate sono solo dei corsi di stagione: un centro estivo ha acconto e saldo.' },
  makeUp: /* i18n */ { id: 'courses.make_up', message: 'Scegli se dare un credito di recupero o annullare senza recupero.' },
});

/** A season course, or a summer camp week (docs/school.md#camps). */
export const COURSE_OFFERS = ['course', 'camp'] as const;
export const ZCourseOffer = z.enum(COURSE_OFFERS, z.because(courseMessages.offer));
export type TCourseOffer = z.infer<typeof ZCourseOffer>;
/** A camp week has at most this many age bands. */
export const MAX_CAMP_BANDS = 4;
/** A season course has at most this many instalment dates after the first payment. */
export const MAX_INSTALMENT_DATES = 6;

/** How a course session's closures begin their reason ("Corso: <name>"): the desk planner shows it on the court. */
export const COURSE_CLOSURE_PREFIX = 'Corso: ';

/** ISO weekdays (1 = Monday … 7 = Sunday) and their RFC 5545 codes, as `courses.recurrence` writes them. */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const WEEKDAY_SHORT_LABELS = ['Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab', 'Dom'] as const;
/** Dates a course can skip: the recurrence column (200 characters) holds at most this many EXDATEs. */
export const MAX_COURSE_EXCEPTIONS = 15;

const nullableInt = (message: typeof courseMessages.age, max: number) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), z.coerce.number(z.because(message)).int(z.because(message)).min(0, z.because(message)).max(max, z.because(message)).nullable());
const participants = z.coerce.number(z.because(courseMessages.participants)).int(z.because(courseMessages.participants)).min(1, z.because(courseMessages.participants)).max(500, z.because(courseMessages.participants));

/** What decides the sessions: changing any of it regenerates them (refused once someone enrolled). */
const ZStartTime = z.string(z.because(courseMessages.startTime)).regex(/^([01]\d|2[0-3]):[0-5]\d$/, z.because(courseMessages.startTime));
const scheduleFields = {
  court_ids: z.array(zRowId(validationMessages.court), z.because(courseMessages.courts)).min(1, z.because(courseMessages.courts)).max(12, z.because(courseMessages.courts)),
  starts_on: ZIsoDate,
  ends_on: ZIsoDate,
  weekdays: z
    .array(z.number(z.because(courseMessages.weekdays)).int().min(1, z.because(courseMessages.weekdays)).max(7, z.because(courseMessages.weekdays)), z.because(courseMessages.weekdays))
    .min(1, z.because(courseMessages.weekdays))
    .max(7, z.because(courseMessages.weekdays))
    .transform((days) => [...new Set(days)].sort()),
  start_time: ZStartTime,
  duration_minutes: z.coerce.number(z.because(courseMessages.duration)).int(z.because(courseMessages.duration)).min(15, z.because(courseMessages.duration)).max(600, z.because(courseMessages.duration)),
  exceptions: z.array(ZIsoDate).max(MAX_COURSE_EXCEPTIONS, z.because(courseMessages.exceptions)).default([]),
};

type ScheduleInput = { starts_on: string; ends_on: string };
const endsAfterStart = <T extends ScheduleInput>(body: T) => body.ends_on >= body.starts_on;
const withinAYear = <T extends ScheduleInput>(body: T) => Date.parse(body.ends_on) - Date.parse(body.starts_on) <= 366 * 86_400_000;

export const ZCourseSchedule = z
  .object({ ...scheduleFields, /** The course being edited: its own sessions are no conflict. */ course_id: zRowId().optional() })
  .refine(endsAfterStart, { path: ['ends_on'], ...z.because(validationMessages.endBeforeStart) })
  .refine(withinAYear, { path: ['ends_on'], ...z.because(courseMessages.tooLong) });
export type TCourseSchedule = z.input<typeof ZCourseSchedule>;

/** An age band of a camp week: ages both included, its own places. */
export const ZCourseBandInput = z.object({
  min_age: z.coerce.number(z.because(courseMessages.age)).int(z.because(courseMessages.age)).min(0, z.because(courseMessages.age)).max(99, z.because(courseMessages.age)),
  max_age: z.coerce.number(z.because(courseMessages.age)).int(z.because(courseMessages.age)).min(0, z.because(courseMessages.age)).max(99, z.because(courseMessages.age)),
  capacity: z.coerce.number(z.because(courseMessages.bandCapacity)).int(z.because(courseMessages.bandCapacity)).min(1, z.because(courseMessages.bandCapacity)).max(500, z.because(courseMessages.bandCapacity)),
});
export type TCourseBandInput = z.input<typeof ZCourseBandInput>;

const nullableDate = ZIsoDate.nullable().default(null);

type CourseFields = {
  offer: TCourseOffer; starts_on: string; ends_on: string; price: number; deposit: number | null; balance_due_on: string | null; late_fee: number;
  late_fee_from: string | null; minimum_check_on: string | null; instalment_dates: string[]; bands: { min_age: number; max_age: number; capacity: number }[];
};

/** The camp's and the instalments' rules, each told under its field. */
function checkOfferTerms(body: CourseFields, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: (typeof courseMessages)[keyof typeof courseMessages]) => ctx.addIssue({ code: 'custom', path, ...z.issueBecause(message) });
  const camp = body.offer === 'camp';
  if (camp && body.bands.length === 0) issue(['bands'], courseMessages.bands);
  if (!camp && body.bands.length > 0) issue(['bands'], courseMessages.bandsOnlyCamps);
  const bands = [...body.bands].sort((a, b) => a.min_age - b.min_age);
  body.bands.forEach((band, index) => {
    if (band.max_age < band.min_age) issue(['bands', index, 'max_age'], courseMessages.maxAgeBelowMin);
  });
  if (bands.some((band, index) => index > 0 && band.min_age <= bands[index - 1]!.max_age)) issue(['bands'], courseMessages.bandsOverlap);
  if (body.deposit !== null || body.balance_due_on !== null) {
    if (!camp) issue(['deposit'], courseMessages.depositOnlyCamps);
    else if (body.deposit === null || body.balance_due_on === null) issue([body.deposit === null ? 'deposit' : 'balance_due_on'], courseMessages.depositNeedsBalanceDate);
    if (body.deposit !== null && (body.deposit <= 0 || body.deposit > body.price)) issue(['deposit'], courseMessages.depositAboveZero);
    if (body.balance_due_on !== null && body.balance_due_on >= body.starts_on) issue(['balance_due_on'], courseMessages.balanceBeforeStart);
  }
  if ((body.late_fee > 0) !== (body.late_fee_from !== null)) issue([body.late_fee > 0 ? 'late_fee_from' : 'late_fee'], courseMessages.lateFeeNeedsDate);
  if (body.late_fee_from !== null && body.late_fee_from >= body.starts_on) issue(['late_fee_from'], courseMessages.lateFeeBeforeStart);
  if (body.minimum_check_on !== null && body.minimum_check_on >= body.starts_on) issue(['minimum_check_on'], courseMessages.checkBeforeStart);
  if (camp && body.instalment_dates.length > 0) issue(['instalment_dates'], courseMessages.instalmentsOnlyCourses);
  if (body.instalment_dates.some((day) => day < body.starts_on || day > body.ends_on)) issue(['instalment_dates'], courseMessages.instalmentDates);
}

/** A camp's places and ages are its bands': the sum of their capacities, their youngest and oldest; no lessons or trials. */
function withCampTotals<T extends CourseFields & { max_participants: number; min_age: number | null; max_age: number | null; lesson_price: number | null; trial_allowed: boolean }>(body: T): T {
  if (body.offer !== 'camp' || body.bands.length === 0) return body;
  return {
    ...body,
    max_participants: body.bands.reduce((sum, band) => sum + band.capacity, 0),
    min_age: Math.min(...body.bands.map((band) => band.min_age)),
    max_age: Math.max(...body.bands.map((band) => band.max_age)),
    lesson_price: null,
    trial_allowed: false,
  };
}

export const ZCourseBody = z
  .object({
    offer: ZCourseOffer.default('course'),
    name: z.string(z.because(courseMessages.name)).trim().min(2, z.because(courseMessages.name)).max(120, z.because(validationMessages.atMostCharacters, { max: 120 })),
    ...localizedTitleFields,
    sport: ZSport.default('beach_volley'),
    level: z.string().trim().max(80, z.because(validationMessages.atMostCharacters, { max: 80 })).nullable().default(null).transform((value) => value || null),
    min_age: nullableInt(courseMessages.age, 99).default(null),
    max_age: nullableInt(courseMessages.age, 99).default(null),
    coach_id: zRowId().nullable().default(null),
    ...scheduleFields,
    min_participants: participants.default(1),
    max_participants: participants,
    price: ZEuroInput,
    lesson_price: ZEuroInput.nullable().default(null),
    trial_allowed: z.boolean().default(false),
    deposit: ZEuroInput.nullable().default(null),
    balance_due_on: nullableDate,
    sibling_discount_percent: z.coerce.number(z.because(courseMessages.siblingDiscount)).int(z.because(courseMessages.siblingDiscount)).min(0, z.because(courseMessages.siblingDiscount)).max(50, z.because(courseMessages.siblingDiscount)).default(0),
    late_fee: ZEuroInput.default(0),
    late_fee_from: nullableDate,
    minimum_check_on: nullableDate,
    bands: z.array(ZCourseBandInput).max(MAX_CAMP_BANDS, z.because(courseMessages.bands)).default([]),
    instalment_dates: z.array(ZIsoDate).max(MAX_INSTALMENT_DATES, z.because(courseMessages.instalmentDates)).default([]).transform((days) => [...new Set(days)].sort()),
  })
  .superRefine(checkOfferTerms)
  .transform(withCampTotals)
  .refine(endsAfterStart, { path: ['ends_on'], ...z.because(validationMessages.endBeforeStart) })
  .refine(withinAYear, { path: ['ends_on'], ...z.because(courseMessages.tooLong) })
  .refine((body) => body.max_participants >= body.min_participants, { path: ['max_participants'], ...z.because(courseMessages.maxBelowMin) })
  .refine((body) => body.min_age === null || body.max_age === null || body.max_age >= body.min_age, { path: ['max_age'], ...z.because(courseMessages.maxAgeBelowMin) });
export type TCourseBody = z.input<typeof ZCourseBody>;

/** A generated date: 'free' becomes a session, the others are skipped (docs/school.md#sessions). */
export const COURSE_OCCURRENCE_STATES = ['free', 'past', 'conflict'] as const;
export const ZCourseOccurrence = z.object({
  date: ZIsoDate,
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  state: z.enum(COURSE_OCCURRENCE_STATES),
  /** What is in the way, e.g. "D1: prenotazione 17:00–18:30". */
  conflicts: z.array(z.string()),
  /** What only warns, never skips: an unlit court after dark, e.g. "Senza luci su D4, D5: la lezione finisce dopo il tramonto (16:41)." */
  warnings: z.array(z.string()),
});
export type TCourseOccurrence = z.infer<typeof ZCourseOccurrence>;
export const ZCoursePreview = z.object({ occurrences: z.array(ZCourseOccurrence), free: z.number().int(), skipped: z.number().int() });
export type TCoursePreview = z.infer<typeof ZCoursePreview>;

export const ZCourseSession = z.object({
  id: z.number().int(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  cancelled_at: z.iso.datetime().nullable(),
  cancel_reason: z.string().nullable(),
});
export type TCourseSession = z.infer<typeof ZCourseSession>;

/** A camp week's age band with its places taken. */
export const ZCourseBand = z.object({ id: z.number().int(), min_age: z.number().int(), max_age: z.number().int(), capacity: z.number().int(), places_taken: z.number().int() });
export type TCourseBand = z.infer<typeof ZCourseBand>;

export const ZCourse = z.object({
  id: z.number().int(),
  offer: ZCourseOffer,
  name: z.string(),
  ...localizedTitleOutput,
  sport: ZSport,
  level: z.string().nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  coach: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  court_ids: z.array(z.number().int()),
  court_codes: z.array(z.string()),
  starts_on: ZIsoDate,
  ends_on: ZIsoDate,
  recurrence: z.string(),
  weekdays: z.array(z.number().int()),
  exceptions: z.array(ZIsoDate),
  start_time: z.string(),
  duration_minutes: z.number().int(),
  min_participants: z.number().int(),
  max_participants: z.number().int(),
  places_taken: z.number().int(),
  price: ZMoney,
  lesson_price: ZMoney.nullable(),
  trial_allowed: z.boolean(),
  published: z.boolean(),
  cancelled: z.boolean(),
  sessions_count: z.number().int(),
  deposit: ZMoney.nullable(),
  balance_due_on: ZIsoDate.nullable(),
  sibling_discount_percent: z.number().int(),
  late_fee: ZMoney,
  late_fee_from: ZIsoDate.nullable(),
  minimum_check_on: ZIsoDate.nullable(),
  instalment_dates: z.array(ZIsoDate),
  /** A camp's age bands, youngest first; none for a season course. */
  bands: z.array(ZCourseBand),
});
export type TCourse = z.infer<typeof ZCourse>;
export const ZCourseDetail = ZCourse.extend({ sessions: z.array(ZCourseSession) });
export type TCourseDetail = z.infer<typeof ZCourseDetail>;

const ZCourseSaved = z.object({ message: z.string(), course: ZCourseDetail, skipped: z.array(ZCourseOccurrence) });
/** Which courses the back-office list shows (docs/school.md#the-list): by default the ones neither cancelled nor over. */
export const COURSE_LIST_STATES = ['current', 'past', 'cancelled', 'all'] as const;
export type TCourseListState = (typeof COURSE_LIST_STATES)[number];
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);
export const ZCoursesQuery = pageQuery(20).extend({
  offer: z.preprocess(emptyAsMissing, ZCourseOffer.optional()),
  state: z.preprocess(emptyAsMissing, z.enum(COURSE_LIST_STATES, z.because(validationMessages.filter)).default('current')),
  /** Part of the name, the level or the coach's name. */
  search: z.preprocess(emptyAsMissing, z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional()),
});
export type TCoursesQuery = z.input<typeof ZCoursesQuery>;
/**
 * What a cancelled session's whole-course participants get (docs/school.md#make-up): 'credit', the session's
 * share of what each paid back to their credit; 'none', nothing (its lessons and trials are refunded either way).
 */
export const SESSION_MAKE_UPS = ['credit', 'none'] as const;
export type TSessionMakeUp = (typeof SESSION_MAKE_UPS)[number];
export const ZCancelSessionBody = z.object({
  reason: z.string(z.because(courseMessages.cancelReason)).trim().min(2, z.because(courseMessages.cancelReason)).max(200, z.because(courseMessages.cancelReason)),
  make_up: z.enum(SESSION_MAKE_UPS, z.because(courseMessages.makeUp)).default('none'),
});
/** A session moved to another day and Rome start time, same duration. */
export const ZMoveSessionBody = z.object({ date: ZIsoDate, start_time: ZStartTime });
export type TMoveSessionBody = z.input<typeof ZMoveSessionBody>;
export const ZCourseSessionParams = z.object({ id: zTextRowId(), session_id: zTextRowId() });
export const ZCoach = z.object({ id: z.number().int(), name: z.string() });

export const courseRoutes = {
  list: defineRoute({
    method: 'get', path: '/api/admin/courses', tag: 'courses', access: 'staff',
    summary: 'Corsi della scuola, dalla prossima lezione', query: ZCoursesQuery, response: pagedListOf(ZCourse),
  }),
  coaches: defineRoute({
    method: 'get', path: '/api/admin/course-coaches', tag: 'courses', access: 'staff',
    summary: 'Gli allenatori (utenti con ruolo coach) a cui affidare un corso', response: z.object({ data: z.array(ZCoach) }),
  }),
  one: defineRoute({
    method: 'get', path: '/api/admin/courses/:id', tag: 'courses', access: 'staff',
    summary: 'Un corso con le sue lezioni', params: ZIdParams, response: ZCourseDetail,
  }),
  preview: defineRoute({
    method: 'post', path: '/api/admin/courses/preview', tag: 'courses', access: 'admin', audit: 'skip',
    summary: 'Anteprima delle lezioni di un calendario, con i conflitti sui campi (prenotazioni e chiusure)', body: ZCourseSchedule, response: ZCoursePreview,
  }),
  create: defineRoute({
    method: 'post', path: '/api/admin/courses', tag: 'courses', access: 'admin', successStatus: 201,
    summary: 'Nuovo corso: le lezioni libere sono create e occupano i campi; quelle in conflitto sono saltate', body: ZCourseBody, response: ZCourseSaved,
  }),
  update: defineRoute({
    method: 'put', path: '/api/admin/courses/:id', tag: 'courses', access: 'admin',
    summary: 'Modifica un corso; il calendario non cambia più dopo la prima iscrizione', params: ZIdParams, body: ZCourseBody, response: ZCourseSaved,
  }),
  publish: defineRoute({
    method: 'post', path: '/api/admin/courses/:id/publish', tag: 'courses', access: 'admin',
    summary: 'Pubblica un corso (visibile ai soci)', params: ZIdParams, response: ZCourseDetail,
  }),
  unpublish: defineRoute({
    method: 'post', path: '/api/admin/courses/:id/unpublish', tag: 'courses', access: 'admin',
    summary: 'Ritira un corso dalla pubblicazione', params: ZIdParams, response: ZCourseDetail,
  }),
  cancel: defineRoute({
    method: 'post', path: '/api/admin/courses/:id/cancel', tag: 'courses', access: 'admin',
    summary: 'Annulla un corso: le lezioni future sono annullate e i campi liberati, ogni iscrizione annullata e ogni pagamento restituito per intero', params: ZIdParams, response: ZCourseDetail,
  }),
  cancelSession: defineRoute({
    method: 'post', path: '/api/admin/courses/:id/sessions/:session_id/cancel', tag: 'courses', access: 'admin',
    summary: 'Annulla una lezione (maltempo, festività): i campi tornano liberi, la lezione resta come annullata',
    params: ZCourseSessionParams, body: ZCancelSessionBody, response: ZCourseDetail,
  }),
  moveSession: defineRoute({
    method: 'post', path: '/api/admin/courses/:id/sessions/:session_id/move', tag: 'courses', access: 'admin',
    summary: 'Sposta una lezione a un altro giorno e orario (stessa durata): i campi la seguono, rifiutato se sono occupati',
    params: ZCourseSessionParams, body: ZMoveSessionBody, response: ZCourseDetail,
  }),
};

