// A coach's sessions by day or range, and one session with its participants (docs/school.md#coaches).
import type { QueryOf, api, TCoachSession, TSessionParticipant } from '@beach/contracts';
import { ageOn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { addDays, instantInRome, todayInRome, toIsoDate } from '../../lib/time.js';
import { certificateStatus, childCertificateStatus } from '../certificates/index.js';
import { liveEnrolmentWhere, participantName } from '../enrolments/index.js';
import { coursesOf, participantsOf, reachableSession, SESSION_INCLUDE, type SessionRow, takesPart } from './coaching-terms.js';

const PARTICIPANT_INCLUDE = {
  user: { select: { firstName: true, lastName: true, phone: true, birthDate: true } },
  child: { select: { firstName: true, lastName: true, birthDate: true, healthNotes: true, pickupPeople: true } },
} as const;

/** A session's counts: its participants, those with an attendance recorded, those present. */
type SessionCounts = Pick<TCoachSession, 'participants' | 'recorded' | 'present'>;

/**
 * The counts of each session, the one rule of the coach's list and of the session's page (takesPart:
 * a whole-course place made after a session started is not in it); one read however many sessions.
 */
async function countsOf(db: AppDeps['db'], sessions: SessionRow[], now: Date): Promise<Map<number, SessionCounts>> {
  const ids = sessions.map((session) => session.id);
  const enrolments = await db.courseEnrolment.findMany({
    where: { courseId: { in: [...new Set(sessions.map((session) => session.courseId))] }, OR: [{ kind: 'course' }, { sessionId: { in: ids } }], AND: [liveEnrolmentWhere(now)] },
    select: { courseId: true, kind: true, sessionId: true, createdAt: true, attendances: { where: { sessionId: { in: ids } }, select: { sessionId: true, present: true } } },
  });
  return new Map(sessions.map((session) => {
    const taking = enrolments.filter((enrolment) => takesPart(enrolment, session));
    const marks = taking.flatMap((enrolment) => enrolment.attendances.filter((attendance) => attendance.sessionId === session.id));
    return [session.id, { participants: taking.length, recorded: marks.length, present: marks.filter((mark) => mark.present).length }];
  }));
}

export function sessionToDto(session: SessionRow, counts: SessionCounts): TCoachSession {
  const { coach } = session.course;
  return {
    id: session.id,
    course: { id: session.course.id, name: session.course.name, level: session.course.level },
    coach_name: coach ? `${coach.firstName} ${coach.lastName}` : null,
    starts_at: session.startsAt.toISOString(),
    ends_at: session.endsAt.toISOString(),
    cancelled: session.cancelledAt !== null,
    courts: session.course.courts.map(({ court }) => court.code).sort(),
    ...counts,
  };
}

export function createCoachSessions({ db }: Pick<AppDeps, 'db'>) {
  /** The people taking part in `session`, the children and members by name, with what the coach must know. */
  async function participants(session: SessionRow, now = new Date()): Promise<TSessionParticipant[]> {
    const day = todayInRome(session.startsAt);
    const enrolments = await db.courseEnrolment.findMany({
      where: participantsOf(session, now),
      include: { ...PARTICIPANT_INCLUDE, attendances: { where: { sessionId: session.id } } },
    });
    const rows = await Promise.all(
      enrolments.map(async (enrolment): Promise<TSessionParticipant> => {
        const { child, user } = enrolment;
        const person = child ?? user;
        const birthDate = person.birthDate ? toIsoDate(person.birthDate) : null;
        const attendance = enrolment.attendances[0];
        return {
          enrolment_id: enrolment.id,
          kind: enrolment.kind,
          name: participantName(enrolment),
          is_child: child !== null,
          age: birthDate ? ageOn(birthDate, day) : null,
          // A child's own certificate (the parent's row naming the child), never the parent's.
          certificate: (enrolment.childId !== null ? await childCertificateStatus(db, enrolment.childId, day) : await certificateStatus(db, enrolment.userId, day)).state,
          phone: user.phone,
          health_notes: child?.healthNotes ?? null,
          pickup_people: child?.pickupPeople ?? null,
          present: attendance?.present ?? null,
          note: attendance?.note ?? null,
          payment_pending: enrolment.status === 'pending_payment',
        };
      }),
    );
    return rows.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  return {
    participants,

    async list(viewer: User, query: QueryOf<typeof api.coaching.sessions>) {
      const sessions = await db.courseSession.findMany({
        where: {
          course: { ...coursesOf(viewer, query.coach_id), cancelledAt: null },
          startsAt: { gte: instantInRome(query.from, '00:00'), lt: instantInRome(addDays(query.to ?? query.from, 1), '00:00') },
        },
        include: SESSION_INCLUDE,
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
      });
      const now = new Date();
      const counts = await countsOf(db, sessions, now);
      const data = sessions.map((session) => sessionToDto(session, counts.get(session.id)!));
      return { data };
    },

    async detail(viewer: User, id: number) {
      const session = await reachableSession(db, viewer, id);
      const now = new Date();
      const [people, counts] = await Promise.all([participants(session, now), countsOf(db, [session], now)]);
      return { session: sessionToDto(session, counts.get(session.id)!), participants: people };
    },
  };
}
