// Private and small-group lessons (docs/school.md#private-lessons): a coach publishes slots of their
// availability on a D court at their price; a member books one as a booking of that court for 1–4 people,
// paid and split like any booking. A coach manages only their own slots; staff and admins any coach's.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams, zOptionalTextRowId, zRowId } from './http.js';
import { defineMessages } from './messages.js';
import { ZMoney, ZPositiveEuroInput } from './money.js';
import * as z from './zod-i18n.js';

const lessonMessages = defineMessages({
  court: /* i18n */ { id: 'private_lessons.court', message: 'Scegli un campo D.' },
  start: /* i18n */ { id: 'private_lessons.start', message: 'Scegli un orario tra le 07:00 e le 21:00, all’ora o alla mezz’ora.' },
  duration: /* i18n */ { id: 'private_lessons.duration', message: 'La lezione dura 60 o 90 minuti.' },
  priceTooHigh: /* i18n */ { id: 'private_lessons.price_too_high', message: 'Al massimo 1.000 € a lezione.' },
  coach: /* i18n */ { id: 'private_lessons.coach', message: 'Scegli l’allenatore.' },
});

export const LESSON_DURATIONS = [60, 90] as const;
/** The most one lesson costs, in cents (the table's CHECK agrees). */
export const LESSON_MAX_PRICE_CENTS = 100_000;
/** The most people one lesson takes: the organiser and up to three players of the split payment. */
export const LESSON_MAX_PEOPLE = 4;

/** A start on the hour or the half hour, from 07:00 to 21:00 (Rome wall time). */
const ZLessonStart = z.string(z.because(lessonMessages.start)).regex(/^(0[7-9]|1\d|20):(00|30)$|^21:00$/, z.because(lessonMessages.start));

export const ZLessonSlotBody = z.object({
  court_id: zRowId(lessonMessages.court),
  date: ZIsoDate,
  start: ZLessonStart,
  duration_minutes: z
    .number(z.because(lessonMessages.duration))
    .refine((minutes) => (LESSON_DURATIONS as readonly number[]).includes(minutes), z.because(lessonMessages.duration)),
  /** For the lesson, whether 1 or 4 people come: the players split it as they split a court. */
  price: ZPositiveEuroInput.refine((cents) => cents <= LESSON_MAX_PRICE_CENTS, z.because(lessonMessages.priceTooHigh)),
  /** Staff and admins publish for a coach; a coach publishes for themself only (another's id: 403). */
  coach_id: zRowId(lessonMessages.coach).optional(),
});
export type TLessonSlotBody = z.input<typeof ZLessonSlotBody>;

export const ZLessonSlotsQuery = z
  .object({
    from: ZIsoDate,
    to: ZIsoDate.optional(),
    /** Staff and admins may ask for one coach's slots; a coach always sees their own. */
    coach_id: zOptionalTextRowId(),
  });
export type TLessonSlotsQuery = z.input<typeof ZLessonSlotsQuery>;

/** Who comes to a booked lesson: the member who booked, then the players they invited. */
export const ZLessonPerson = z.object({ name: z.string(), phone: z.string().nullable(), organiser: z.boolean() });

/** A published slot as its coach (and the staff) see it. */
export const ZLessonSlot = z.object({
  id: z.number().int(),
  coach: z.object({ id: z.number().int(), name: z.string() }),
  court: z.object({ id: z.number().int(), code: z.string() }),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  price: ZMoney,
  /** Taken while a live booking (paid, or held within its time to pay) names it. */
  booking: z
    .object({ id: z.number().int(), payment_pending: z.boolean(), people: z.array(ZLessonPerson) })
    .nullable(),
});
export type TLessonSlot = z.infer<typeof ZLessonSlot>;

/** A slot still free, as members see it. */
export const ZOpenLesson = z.object({
  id: z.number().int(),
  coach_name: z.string(),
  court: z.string(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  price: ZMoney,
});
export type TOpenLesson = z.infer<typeof ZOpenLesson>;

export const privateLessonsRoutes = {
  coachSlots: defineRoute({
    method: 'get', path: '/api/coach/lesson-slots', tag: 'private-lessons', access: 'coach',
    summary: 'Le disponibilità pubblicate da un allenatore (le proprie; staff e admin: di chiunque), con chi ha prenotato',
    query: ZLessonSlotsQuery, response: z.object({ data: z.array(ZLessonSlot) }),
  }),
  publish: defineRoute({
    method: 'post', path: '/api/coach/lesson-slots', tag: 'private-lessons', access: 'coach', successStatus: 201,
    summary: 'Pubblica una disponibilità per una lezione privata su un campo D, al prezzo dell’allenatore',
    body: ZLessonSlotBody, response: z.object({ message: z.string(), slot: ZLessonSlot }),
  }),
  withdraw: defineRoute({
    method: 'delete', path: '/api/coach/lesson-slots/:id', tag: 'private-lessons', access: 'coach',
    summary: 'Ritira una disponibilità non ancora prenotata', params: ZIdParams, response: z.object({ message: z.string() }),
  }),
  open: defineRoute({
    method: 'get', path: '/api/lesson-slots', tag: 'private-lessons', access: 'public',
    summary: 'Le lezioni private ancora libere, dalla prossima', response: z.object({ data: z.array(ZOpenLesson) }),
  }),
  book: defineRoute({
    method: 'post', path: '/api/lesson-slots/:id/book', tag: 'private-lessons', access: 'user', successStatus: 201,
    summary: 'Prenota una lezione privata: una prenotazione del campo al prezzo dell’allenatore, da pagare (anche divisa tra i giocatori)',
    params: ZIdParams, response: z.object({ message: z.string(), booking_id: z.number().int() }),
  }),
};
