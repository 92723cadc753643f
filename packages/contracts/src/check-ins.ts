// Check-in at the desk (/admin/check-in, staff and admins): a member shows the QR of their card (or
// says its number), the desk reads the verdict and records the entrance once.
import { ZIsoDate } from './auth.js';
import { CERTIFICATE_STATES } from './certificates.js';
import { COURT_ROWS } from './courts.js';
import { defineRoute, zRowId } from './http.js';
import { ZMembershipType } from './memberships.js';
import { defineMessages, validationMessages } from './messages.js';
import * as z from './zod-i18n.js';

const checkInMessages = defineMessages({
  courtRow: /* i18n */ { id: 'check_ins.court_row', message: 'Scegli la fila dei campi.' },
  code: /* i18n */ { id: 'check_ins.code', message: 'Inquadra il QR della tessera o scrivi il numero.' },
  codeTooLong: /* i18n */ { id: 'check_ins.code_too_long', message: 'Codice troppo lungo: al massimo 500 caratteri.' },
  confirmation: /* i18n */ { id: 'check_ins.confirmation', message: 'Conferma non valida.' },
});

/** The same card checked in again within this many minutes is the same entrance, not a second one. */
export const CHECK_IN_REPEAT_MINUTES = 10;
/** A school session starting within this many minutes (or in progress) is named at the check-in. */
export const CHECK_IN_SESSION_SOON_MINUTES = 30;

export const CHECK_IN_VERDICTS = ['valid', 'not_yet_valid', 'expired', 'withdrawn', 'unknown'] as const;
export type TCheckInVerdict = (typeof CHECK_IN_VERDICTS)[number];
/** What the desk reads at arm's length: the verdict in words, never its colour alone. */
export const CHECK_IN_VERDICT_LABELS: Record<TCheckInVerdict, string> = {
  valid: 'Tessera valida',
  not_yet_valid: 'Tessera non ancora valida',
  expired: 'Tessera scaduta',
  withdrawn: 'Tessera non attiva',
  unknown: 'Tessera sconosciuta',
};

/** Why a code names no card: shown under "Tessera sconosciuta". */
export const CHECK_IN_UNKNOWN_REASONS = {
  foreign: 'Questo codice non è una tessera del centro: inquadra il QR della tessera o scrivi il numero (es. T2026-00042).',
  other_site: 'Questo QR porta a un altro sito: non è una tessera del centro.',
  not_found: 'Nessuna tessera corrisponde a questo codice: potrebbe essere stata eliminata o il numero è sbagliato.',
} as const;

/** Why a card that is not active yet cannot enter: shown under "Tessera non attiva". */
export const CHECK_IN_PENDING_REASONS = {
  unpaid: 'Tessera non pagata: diventa valida quando è pagata, online o qui in segreteria.',
  free: 'Tessera gratuita da attivare: la attiva un amministratore in segreteria.',
} as const;

export const ZCourtRow = z.enum(COURT_ROWS, z.because(checkInMessages.courtRow));

export const ZCheckInLookupQuery = z.object({
  /** What the camera read (the card's verification address) or the card number typed at the desk. */
  code: z
    .string(z.because(checkInMessages.code))
    .trim()
    .min(1, z.because(checkInMessages.code))
    .max(500, z.because(checkInMessages.codeTooLong)),
});

/** The member's booking of the day, the one the check-in can be recorded against. */
export const ZCheckInBooking = z.object({
  id: z.number().int(),
  court: z.object({ id: z.number().int(), code: z.string(), name: z.string(), row: ZCourtRow.nullable() }),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Rome times, HH:mm. */
  start: z.string(),
  end: z.string(),
});
export type TCheckInBooking = z.infer<typeof ZCheckInBooking>;

export const ZCheckInLookup = z.object({
  verdict: z.enum(CHECK_IN_VERDICTS),
  /** For an unknown card, or one not active yet: why, in Italian. */
  reason: z.string().nullable(),
  /** What the public verification page shows, and the card's id for recording the entrance. */
  card: z
    .object({
      membership_id: z.number().int(),
      membership_number: z.string(),
      type: ZMembershipType,
      start_date: ZIsoDate,
      end_date: ZIsoDate,
      /** First name and last-name initial only ("Giulia R."), no photo. */
      holder: z.string(),
    })
    .nullable(),
  bookings_today: z.array(ZCheckInBooking),
  /** The card's latest entrance today, if any (ISO instant). */
  last_check_in_at: z.string().nullable(),
  /**
   * The holder's medical certificate today; `warning` while "richiedi certificato valido" is on and the
   * certificate is not valid (the member must not play). Absent for an unknown card.
   */
  medical_certificate: z.object({ state: z.enum(CERTIFICATE_STATES), label: z.string(), warning: z.string().nullable() }).optional(),
  /**
   * The holder, as payer, has a school instalment unpaid past its grace days (docs/school.md#instalments):
   * "Rata del corso non pagata: …", to collect at the desk. It does not stop the entrance. Absent for an unknown card.
   */
  instalment_warning: z.string().nullable().optional(),
  /**
   * The holder's own place in a school session starting within CHECK_IN_SESSION_SOON_MINUTES or in progress
   * ("Corso Under 14 alle 17:00"), so the desk says where to go. Absent for an unknown card.
   */
  school_session: z.string().nullable().optional(),
});
export type TCheckInLookup = z.infer<typeof ZCheckInLookup>;

export const ZCheckInBody = z.object({
  membership_id: zRowId(validationMessages.membership),
  /** The member's booking of the day being played, or none for a walk-in on a row of free courts. */
  booking_id: zRowId(validationMessages.booking).nullish().transform((value) => value ?? null),
  /** For a walk-in without a booking (row B is for card holders); a booking brings its court's row. */
  court_row: ZCourtRow.nullish().transform((value) => value ?? null),
  /** The desk confirmed letting in a holder without a valid certificate while one is required. */
  without_valid_certificate: z.boolean(z.because(checkInMessages.confirmation)).default(false),
  /** One per entrance the desk's form records: the same request sent again is answered the success, recorded once. */
  request_key: z.uuid().nullish().transform((value) => value ?? null),
});
export type TCheckInBody = z.input<typeof ZCheckInBody>;

export const ZCheckIn = z.object({
  id: z.number().int(),
  checked_in_at: z.string(),
  membership_id: z.number().int().nullable(),
  membership_number: z.string().nullable(),
  type: ZMembershipType.nullable(),
  holder: z.string(),
  court_row: ZCourtRow,
  booking: ZCheckInBooking.nullable(),
  /** Who recorded it at the desk. */
  staff: z.string(),
});
export type TCheckIn = z.infer<typeof ZCheckIn>;

export const ZCheckInsQuery = z.object({
  /** Rome calendar day; today when absent. */
  date: z.preprocess((value) => (value === '' ? undefined : value), ZIsoDate.optional()),
});

export const ZCheckInsDay = z.object({
  date: ZIsoDate,
  data: z.array(ZCheckIn),
  counts: z.object({
    total: z.number().int(),
    with_booking: z.number().int(),
    walk_in: z.number().int(),
    by_row: z.record(ZCourtRow, z.number().int()),
  }),
});
export type TCheckInsDay = z.infer<typeof ZCheckInsDay>;

export const checkInsRoutes = {
  lookup: defineRoute({
    method: 'get',
    path: '/api/admin/check-ins/lookup',
    summary: 'Legge una tessera dal QR (indirizzo di verifica) o dal numero: esito, titolare, validità e prenotazione di oggi',
    tag: 'check-ins',
    access: 'staff',
    query: ZCheckInLookupQuery,
    response: ZCheckInLookup,
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/admin/check-ins',
    summary: 'Ingressi di un giorno (Europe/Rome) con i conteggi',
    tag: 'check-ins',
    access: 'staff',
    query: ZCheckInsQuery,
    response: ZCheckInsDay,
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/check-ins',
    summary: `Registra l’ingresso di una tessera valida; la stessa tessera entro ${CHECK_IN_REPEAT_MINUTES} minuti risponde 409 con l’ora già registrata; la stessa richiesta ripetuta (stessa request_key: doppio clic, nuovo tentativo) risponde con l’ingresso già registrato`,
    tag: 'check-ins',
    access: 'staff',
    body: ZCheckInBody,
    successStatus: 201,
    response: z.object({ message: z.string(), check_in: ZCheckIn }),
  }),
};
