// The fair waiting list of a full course or camp week (docs/school.md#waiting-list): a member puts
// themself or a child on it, a freed place is offered to the first waiting alone and held until the
// offer expires, the member accepts it (an enrolment as usual) or withdraws; staff read a course's list.
import { defineRoute, ZIdParams, zTextRowId } from './http.js';
import { localizedTitleOutput } from './localized-titles.js';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

const waitlistMessages = defineMessages({
  course: /* i18n */ { id: 'course_waitlist.course', message: 'Scegli il corso.' },
  child: /* i18n */ { id: 'course_waitlist.child', message: 'Scegli chi metti in lista.' },
});

export const WAITLIST_STATUSES = ['waiting', 'offered', 'enrolled', 'lapsed', 'withdrawn'] as const;
export type TWaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const ZWaitlistJoinBody = z.object({
  course_id: zTextRowId(waitlistMessages.course),
  /** Null or absent: the member themself. */
  child_id: zTextRowId(waitlistMessages.child).nullish(),
});
export type TWaitlistJoinBody = z.input<typeof ZWaitlistJoinBody>;

/** One person on a course's waiting list, as the member and the staff see it. */
export const ZWaitlistEntry = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string(), ...localizedTitleOutput }),
  participant: z.object({ child_id: z.number().int().nullable(), name: z.string() }),
  /** The camp's age band the person waits for (null for a course without bands). */
  band: z.object({ id: z.number().int(), min_age: z.number().int(), max_age: z.number().int() }).nullable(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 for the first waiting (of the band); null unless waiting. */
  position: z.number().int().nullable(),
  /** Until when the offered place is held; null unless offered. */
  offer_expires_at: z.iso.datetime().nullable(),
  enrolment_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;

/** The staff's view adds who asked (the member, who pays). */
export const ZAdminWaitlistEntry = ZWaitlistEntry.extend({ member: z.object({ id: z.number().int(), name: z.string(), email: z.string() }) });
export type TAdminWaitlistEntry = z.infer<typeof ZAdminWaitlistEntry>;

const ZWaitlistAnswer = z.object({ message: z.string(), entry: ZWaitlistEntry });

export const courseWaitlistRoutes = {
  join: defineRoute({
    method: 'post', path: '/api/me/course-waitlist', tag: 'course-waitlist', access: 'user', successStatus: 201,
    summary: 'Mette sé o un proprio figlio in lista d’attesa di un corso (o della fascia d’età di un camp) al completo',
    body: ZWaitlistJoinBody, response: ZWaitlistAnswer,
  }),
  mine: defineRoute({
    method: 'get', path: '/api/me/course-waitlist', tag: 'course-waitlist', access: 'user',
    summary: 'Le mie liste d’attesa in corso: posizione, o il posto offerto e fino a quando', response: z.object({ data: z.array(ZWaitlistEntry) }),
  }),
  accept: defineRoute({
    method: 'post', path: '/api/me/course-waitlist/:id/accept', tag: 'course-waitlist', access: 'user',
    summary: 'Accetta il posto offerto: l’iscrizione è fatta e il posto resta tenuto fino al pagamento',
    params: ZIdParams, response: ZWaitlistAnswer,
  }),
  withdraw: defineRoute({
    method: 'post', path: '/api/me/course-waitlist/:id/withdraw', tag: 'course-waitlist', access: 'user',
    summary: 'Esce dalla lista d’attesa (un posto offerto passa al prossimo)', params: ZIdParams, response: ZWaitlistAnswer,
  }),
  ofCourse: defineRoute({
    method: 'get', path: '/api/admin/courses/:id/waitlist', tag: 'course-waitlist', access: 'staff',
    summary: 'La lista d’attesa di un corso, in ordine di arrivo', params: ZIdParams, response: z.object({ data: z.array(ZAdminWaitlistEntry) }),
  }),
};
