// Attendance, one participant at a time as the coach taps (docs/school.md#coaches): present or absent and
// a note, upserted on (session, enrolment) and recorded in the audit log with who took it.
import type { BodyOf, api, TSessionParticipant } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { todayInRome } from '../../lib/time.js';
import { COACHING_MESSAGES, participantsOf, reachableSession, refuse } from './coaching-terms.js';
import type { createCoachSessions } from './coach-sessions.js';

export function createTakeAttendance({ db }: Pick<AppDeps, 'db'>, sessions: ReturnType<typeof createCoachSessions>) {
  return async function takeAttendance(viewer: User, sessionId: number, body: BodyOf<typeof api.coaching.takeAttendance>): Promise<TSessionParticipant> {
    const session = await db.$transaction(async (tx) => {
      const session = await reachableSession(tx, viewer, sessionId);
      if (session.cancelledAt) throw refuse(COACHING_MESSAGES.cancelled);
      if (todayInRome(session.startsAt) > todayInRome()) throw refuse(COACHING_MESSAGES.notYet);
      const enrolment = await tx.courseEnrolment.findFirst({ where: { id: body.enrolment_id, ...participantsOf(session, new Date()) } });
      if (!enrolment) throw notFound(COACHING_MESSAGES.participantNotFound);
      const key = { sessionId_enrolmentId: { sessionId, enrolmentId: enrolment.id } };
      const existing = await tx.courseAttendance.findUnique({ where: key, select: { id: true } });
      const values = { present: body.present, note: body.note, recordedById: viewer.id, recordedAt: new Date() };
      await auditRow(tx, { entity: 'course_attendances', id: existing?.id, action: existing ? 'update' : 'create', subjectUserId: enrolment.userId }, () =>
        tx.courseAttendance.upsert({ where: key, create: { sessionId, enrolmentId: enrolment.id, ...values }, update: values }),
      );
      return session;
    }, TRANSACTION_OPTIONS);
    const participant = (await sessions.participants(session)).find((person) => person.enrolment_id === body.enrolment_id);
    if (!participant) throw notFound(COACHING_MESSAGES.participantNotFound);
    return participant;
  };
}
