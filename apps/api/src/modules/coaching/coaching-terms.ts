// Who may see which sessions, and which enrolments take part in a session (docs/school.md#coaches).
import { CHECK_IN_VERDICT_LABELS, type TCheckInVerdict } from '@beach/contracts';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isStaff } from '../auth/index.js';
import { liveEnrolmentWhere } from '../enrolments/index.js';

export const COACHING_MESSAGES = {
  sessionNotFound: 'Lezione non trovata.',
  participantNotFound: 'Questa persona non partecipa alla lezione.',
  cancelled: 'La lezione è annullata: non si segnano presenze.',
  notYet: 'Le presenze si segnano dal giorno della lezione.',
  notParticipantCard: 'Questa tessera non è di un partecipante della lezione.',
  cardNotValid: (verdict: TCheckInVerdict) => `${CHECK_IN_VERDICT_LABELS[verdict]}: la presenza non si segna.`,
};

/** The courses a viewer reaches: a coach only their own; staff and admins any (or one coach's, if asked). */
export function coursesOf(viewer: User, coachId?: number): Prisma.CourseWhereInput {
  if (!isStaff(viewer)) return { coachId: viewer.id };
  return coachId === undefined ? {} : { coachId };
}

/**
 * An enrolment takes part while it is live (the enrolments' predicate): the whole course's in every
 * session starting after it was made, a single lesson's or a trial's in its own session only.
 */
export function participantsOf(session: { id: number; courseId: number; startsAt: Date }, now: Date): Prisma.CourseEnrolmentWhereInput {
  return {
    courseId: session.courseId,
    OR: [{ kind: 'course', createdAt: { lt: session.startsAt } }, { sessionId: session.id }],
    AND: [liveEnrolmentWhere(now)],
  };
}

/** participantsOf's rule on a live enrolment already read (a session's counts read many sessions' at once). */
export const takesPart = (enrolment: { courseId: number; kind: string; sessionId: number | null; createdAt: Date }, session: { id: number; courseId: number; startsAt: Date }) =>
  enrolment.courseId === session.courseId && ((enrolment.kind === 'course' && enrolment.createdAt < session.startsAt) || enrolment.sessionId === session.id);

export const SESSION_INCLUDE = {
  course: { select: { id: true, name: true, level: true, coach: { select: { firstName: true, lastName: true } }, courts: { select: { court: { select: { code: true } } } } } },
} as const satisfies Prisma.CourseSessionInclude;

export type SessionRow = Prisma.CourseSessionGetPayload<{ include: typeof SESSION_INCLUDE }>;

/** A session the viewer reaches, else 404: another coach's session does not exist for them. */
export async function reachableSession(db: Prisma.TransactionClient, viewer: User, id: number): Promise<SessionRow> {
  const session = await db.courseSession.findFirst({ where: { id, course: coursesOf(viewer) }, include: SESSION_INCLUDE });
  if (!session) throw notFound(COACHING_MESSAGES.sessionNotFound);
  return session;
}

export const refuse = (message: string) => new AppError(409, message);
