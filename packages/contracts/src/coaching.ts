// Coaching (docs/school.md#coaches): a coach's sessions, who takes part in one, and the attendance the
// coach takes on the phone. A coach reaches only the sessions of their own courses; staff and admins any.
import { ZIsoDate } from './auth.js';
import { CERTIFICATE_STATES } from './certificates.js';
import { ZCheckInLookupQuery } from './check-ins.js';
import { ZEnrolmentKind } from './enrolments.js';
import { defineRoute, ZIdParams, zOptionalTextRowId, zRowId } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import * as z from './zod-i18n.js';

const coachingMessages = defineMessages({
  present: /* i18n */ { id: 'coaching.present', message: 'Indica se è presente o assente.' },
  participant: /* i18n */ { id: 'coaching.participant', message: 'Scegli il partecipante.' },
  range: /* i18n */ { id: 'coaching.range', message: 'Al massimo 62 giorni alla volta.' },
});

/** The longest range of days one request lists. */
export const COACH_SESSIONS_MAX_DAYS = 62;

export const ZCoachSessionsQuery = z
  .object({
    from: ZIsoDate,
    /** The last day, included; the first day alone when absent. */
    to: ZIsoDate.optional(),
    /** Staff and admins may ask for one coach's sessions; a coach always sees their own. */
    coach_id: zOptionalTextRowId(),
  })
  .refine((query) => !query.to || query.to >= query.from, { path: ['to'], ...z.because(validationMessages.endBeforeStart) })
  .refine((query) => !query.to || Date.parse(query.to) - Date.parse(query.from) <= COACH_SESSIONS_MAX_DAYS * 86_400_000, {
    path: ['to'],
    ...z.because(coachingMessages.range),
  });
export type TCoachSessionsQuery = z.input<typeof ZCoachSessionsQuery>;

export const ZCoachSession = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string(), level: z.string().nullable() }),
  coach_name: z.string().nullable(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  cancelled: z.boolean(),
  /** The D courts it is held on, by name. */
  courts: z.array(z.string()),
  participants: z.number().int(),
  /** How many of them have a present/absent recorded. */
  recorded: z.number().int(),
  /** How many of them are marked present (the "Presenti 8 su 9" of the list and of the session alike). */
  present: z.number().int(),
});
export type TCoachSession = z.infer<typeof ZCoachSession>;

export const ZSessionParticipant = z.object({
  enrolment_id: z.number().int(),
  /** How they take part: the whole course, a single lesson or a trial (the enrolment's kind). */
  kind: ZEnrolmentKind,
  /** The child's name, or the member's. */
  name: z.string(),
  is_child: z.boolean(),
  age: z.number().int().nullable(),
  /** The person's certificate state on the session's day: the member's, or the child's own (never the parent's). */
  certificate: z.enum(CERTIFICATE_STATES).nullable(),
  /** The parent's phone for a child, the member's own otherwise. */
  phone: z.string().nullable(),
  /** A child's health notes and who may collect them: the coach of the course and the staff only. */
  health_notes: z.string().nullable(),
  pickup_people: z.string().nullable(),
  present: z.boolean().nullable(),
  note: z.string().nullable(),
  /** Still within its payment hold, not yet paid: the coach sees it is not confirmed. */
  payment_pending: z.boolean(),
});
export type TSessionParticipant = z.infer<typeof ZSessionParticipant>;

export const ZCoachSessionDetail = z.object({ session: ZCoachSession, participants: z.array(ZSessionParticipant) });
export type TCoachSessionDetail = z.infer<typeof ZCoachSessionDetail>;

export const ZAttendanceBody = z.object({
  enrolment_id: zRowId(coachingMessages.participant),
  present: z.boolean(z.because(coachingMessages.present)),
  note: z
    .string()
    .trim()
    .max(500, z.because(validationMessages.atMostCharacters, { max: 500 }))
    .nullish()
    .transform((note) => note || null),
});
export type TAttendanceBody = z.input<typeof ZAttendanceBody>;

/**
 * Attendance by the member's card: `code` is what the camera read from its QR (the verification address)
 * or the card's number typed, read as the desk's check-in reads it.
 */
export const ZAttendanceByCardBody = ZCheckInLookupQuery;
export type TAttendanceByCardBody = z.input<typeof ZAttendanceByCardBody>;

export const coachingRoutes = {
  sessions: defineRoute({
    method: 'get', path: '/api/coach/sessions', tag: 'coaching', access: 'coach',
    summary: 'Le lezioni di un allenatore (le proprie; staff e admin: di chiunque) in un giorno o un intervallo',
    query: ZCoachSessionsQuery, response: z.object({ data: z.array(ZCoachSession) }),
  }),
  session: defineRoute({
    method: 'get', path: '/api/coach/sessions/:id', tag: 'coaching', access: 'coach',
    summary: 'Una lezione con i partecipanti e le presenze', params: ZIdParams, response: ZCoachSessionDetail,
  }),
  takeAttendance: defineRoute({
    method: 'put', path: '/api/coach/sessions/:id/attendance', tag: 'coaching', access: 'coach',
    summary: 'Segna presente o assente un partecipante, con una nota', params: ZIdParams, body: ZAttendanceBody,
    response: ZSessionParticipant,
  }),
  takeAttendanceByCard: defineRoute({
    method: 'post', path: '/api/coach/sessions/:id/attendance/by-card', tag: 'coaching', access: 'coach',
    summary: 'Segna presente il titolare della tessera letta (QR o numero), se partecipa alla lezione',
    params: ZIdParams, body: ZAttendanceByCardBody, response: ZSessionParticipant,
  }),
};
