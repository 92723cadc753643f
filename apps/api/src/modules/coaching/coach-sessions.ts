// A coach's sessions by day or range, and one session with its participants (docs/school.md#coaches).
import type { QueryOf, api, TCoachSession, TSessionParticipant } from '@beach/contracts';
import { ageOn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { addDays, instantInRome, todayInRome, toIsoDate } from '../../lib/time.js';
import { certificateStatus, childCertificateStatus } from '../certificates/index.js';
import { liveEnrolmentWhere, participantName } from '../enrolments/index.js';
import { coursesOf, participantsOf, reachableSession, SESSION_INCLUDE, type SessionRow } from './coaching-terms.js';

const PARTICIPANT_INCLUDE = {
  user: { select: { firstName: true, lastName: true, phone: true, birthDate: true } },
  child: { select: { firstName: true, lastName: true, birthDate: true, healthNotes: true, pickupPeople: true } },
} as const;

export function sessionToDto(session: SessionRow, participants: number, recorded: number): TCoachSession {
  const { coach } = session.course;
  return {
    id: session.id,
    course: { id: session.course.id, name: session.course.name, level: session.course.level },
    coach_name: coach ? `${coach.firstName} ${coach.lastName}` : null,
    starts_at: session.startsAt.toISOString(),
    ends_at: session.endsAt.toISOString(),
    cancelled: session.cancelledAt !== null,
    courts: session.course.courts.map(({ court }) => court.code).sort(),
    participants,
    recorded,
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
      const ids = sessions.map((session) => session.id);
      // Live enrolments only (an attendance is only ever taken for a participant). A whole-course place is
      // counted in every session here; the session's own page leaves out those made after it started.
      const live = liveEnrolmentWhere(now);
      const [places, attendances] = await Promise.all([
        // Whole-course places by course (no session), lessons and trials by their session.
        db.courseEnrolment.groupBy({
          by: ['courseId', 'sessionId'],
          where: { courseId: { in: [...new Set(sessions.map((session) => session.courseId))] }, OR: [{ kind: 'course' }, { sessionId: { in: ids } }], AND: [live] },
          _count: { _all: true },
        }),
        db.courseAttendance.groupBy({ by: ['sessionId'], where: { sessionId: { in: ids }, enrolment: live }, _count: { _all: true } }),
      ]);
      const countOf = (courseId: number, sessionId: number | null) =>
        places.find((group) => group.courseId === courseId && group.sessionId === sessionId)?._count._all ?? 0;
      const data = sessions.map((session) =>
        sessionToDto(
          session,
          countOf(session.courseId, null) + countOf(session.courseId, session.id),
          attendances.find((group) => group.sessionId === session.id)?._count._all ?? 0,
        ),
      );
      return { data };
    },

    async detail(viewer: User, id: number) {
      const session = await reachableSession(db, viewer, id);
      const people = await participants(session);
      return { session: sessionToDto(session, people.length, people.filter((person) => person.present !== null).length), participants: people };
    },
  };
}
