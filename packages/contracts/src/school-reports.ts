// The school's reports for the staff (docs/school.md#receipts-and-reports): per course or camp week its
// participants (by band for a camp), sessions held, attendance rate, money received and still owed and its
// coach, totals per coach, a CSV export; and the printable sign-in sheet of a session.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams, zOptionalTextRowId, zTextRowId } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import * as z from './zod-i18n.js';

const schoolReportMessages = defineMessages({
  offer: /* i18n */ { id: 'school_reports.offer', message: 'Scegli corsi o centri estivi.' },
});

export const SCHOOL_OFFERS = ['course', 'camp'] as const;
export const SCHOOL_OFFER_LABELS: Record<(typeof SCHOOL_OFFERS)[number], string> = { course: 'Corsi', camp: 'Centri estivi' };

/** An empty field of the filter form is no filter. */
const optionalFilter = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const ZSchoolReportQuery = z
  .object({
    /** The courses whose dates meet this range of Rome days (both included); sessions counted within it. */
    date_from: optionalFilter(ZIsoDate),
    date_to: optionalFilter(ZIsoDate),
    offer: optionalFilter(z.enum(SCHOOL_OFFERS, z.because(schoolReportMessages.offer))),
    coach_id: zOptionalTextRowId(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, { path: ['date_to'], ...z.because(validationMessages.dateToBeforeDateFrom) });
export type TSchoolReportQuery = z.input<typeof ZSchoolReportQuery>;

/** Present ÷ attendance taken; null while none was taken. */
const ZAttendance = z.object({ present: z.number().int(), taken: z.number().int(), rate: z.number().nullable() });

export const ZSchoolReportRow = z.object({
  course_id: z.number().int(),
  name: z.string(),
  offer: z.enum(SCHOOL_OFFERS),
  starts_on: ZIsoDate,
  ends_on: ZIsoDate,
  coach: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Confirmed whole-course (or whole-week) places. */
  participants: z.number().int(),
  /** Confirmed single lessons and trials. */
  single_sessions: z.number().int(),
  /** A camp's confirmed places by age band. */
  bands: z.array(z.object({ min_age: z.number().int(), max_age: z.number().int(), participants: z.number().int(), capacity: z.number().int() })),
  sessions_held: z.number().int(),
  attendance: ZAttendance,
  /** Still paid on the enrolments (the ledger's settlements, refunds taken off). */
  received: ZMoney,
  /** Still owed on the enrolments (instalments not yet paid included). */
  outstanding: ZMoney,
});
export type TSchoolReportRow = z.infer<typeof ZSchoolReportRow>;

export const ZCoachReportRow = z.object({
  coach: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  courses: z.number().int(),
  participants: z.number().int(),
  sessions_held: z.number().int(),
  attendance: ZAttendance,
  received: ZMoney,
  outstanding: ZMoney,
});
export type TCoachReportRow = z.infer<typeof ZCoachReportRow>;

export const ZSchoolReport = z.object({ courses: z.array(ZSchoolReportRow), coaches: z.array(ZCoachReportRow) });
export type TSchoolReport = z.infer<typeof ZSchoolReport>;

export const ZSignInSheetParams = z.object({ id: zTextRowId(), session_id: zTextRowId() });

export const schoolReportsRoutes = {
  report: defineRoute({
    method: 'get', path: '/api/admin/school/report', tag: 'school-reports', access: 'staff',
    summary: 'Report della scuola: per corso o settimana di centro estivo partecipanti, fasce, lezioni svolte, presenze, incassato e da incassare; totali per allenatore',
    query: ZSchoolReportQuery, response: ZSchoolReport,
  }),
  reportCsv: defineRoute({
    method: 'get', path: '/api/admin/school/report.csv', tag: 'school-reports', access: 'staff',
    summary: 'Il report della scuola in CSV (separatore punto e virgola, importi con la virgola)', query: ZSchoolReportQuery, response: z.unknown(),
  }),
  signInSheet: defineRoute({
    method: 'get', path: '/api/admin/courses/:id/sessions/:session_id/sign-in-sheet', tag: 'school-reports', access: 'staff',
    summary: 'Foglio presenze (PDF) di una lezione: partecipanti, età, telefono del genitore, firme di arrivo e ritiro, chi può ritirare', params: ZSignInSheetParams, response: z.unknown(),
  }),
  coachSignInSheet: defineRoute({
    method: 'get', path: '/api/coach/sessions/:id/sign-in-sheet', tag: 'school-reports', access: 'coach',
    summary: 'Foglio presenze (PDF) di una propria lezione (l’allenatore solo le sue)', params: ZIdParams, response: z.unknown(),
  }),
};
