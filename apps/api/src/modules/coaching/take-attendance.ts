// Attendance, one participant at a time as the coach taps or scans their card (docs/school.md#coaches):
// present or absent and a note, upserted on (session, enrolment) and recorded in the audit log with who took it.
import { CHECK_IN_UNKNOWN_REASONS, type BodyOf, type api, type TSessionParticipant } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { CourseEnrolment, Prisma, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { invalid, notFound } from '../../lib/errors.js';
import { todayInRome } from '../../lib/time.js';
import { webOrigins } from '../../lib/web-origin.js';
import { readCard } from '../check-ins/index.js';
import { COACHING_MESSAGES, participantsOf, reachableSession, refuse } from './coaching-terms.js';
import type { createCoachSessions } from './coach-sessions.js';

/** Finds the enrolment to mark among the session's participants (`participants`), or refuses. */
type PickParticipant = (tx: Prisma.TransactionClient, participants: Prisma.CourseEnrolmentWhereInput) => Promise<CourseEnrolment>;

export function createTakeAttendance({ db, config }: Pick<AppDeps, 'db' | 'config'>, sessions: ReturnType<typeof createCoachSessions>) {
  const origins = webOrigins(config);

  /**
   * The one way attendance is written, by tap or by card: in the viewer's session only, never for a
   * cancelled one nor before its day. A `note` left undefined keeps the one already written.
   */
  async function mark(viewer: User, sessionId: number, pick: PickParticipant, values: { present: boolean; note?: string | null }): Promise<TSessionParticipant> {
    const { session, enrolmentId } = await db.$transaction(async (tx) => {
      const session = await reachableSession(tx, viewer, sessionId);
      if (session.cancelledAt) throw refuse(COACHING_MESSAGES.cancelled);
      if (todayInRome(session.startsAt) > todayInRome()) throw refuse(COACHING_MESSAGES.notYet);
      const enrolment = await pick(tx, participantsOf(session, new Date()));
      const key = { sessionId_enrolmentId: { sessionId, enrolmentId: enrolment.id } };
      const existing = await tx.courseAttendance.findUnique({ where: key, select: { id: true } });
      const recorded = { present: values.present, recordedById: viewer.id, recordedAt: new Date(), ...(values.note !== undefined && { note: values.note }) };
      await auditRow(tx, { entity: 'course_attendances', id: existing?.id, action: existing ? 'update' : 'create', subjectUserId: enrolment.userId }, () =>
        tx.courseAttendance.upsert({ where: key, create: { sessionId, enrolmentId: enrolment.id, ...recorded }, update: recorded }),
      );
      return { session, enrolmentId: enrolment.id };
    }, TRANSACTION_OPTIONS);
    const participant = (await sessions.participants(session)).find((person) => person.enrolment_id === enrolmentId);
    if (!participant) throw notFound(COACHING_MESSAGES.participantNotFound);
    return participant;
  }

  return {
    takeAttendance(viewer: User, sessionId: number, body: BodyOf<typeof api.coaching.takeAttendance>) {
      return mark(viewer, sessionId, async (tx, participants) => {
        const enrolment = await tx.courseEnrolment.findFirst({ where: { id: body.enrolment_id, ...participants } });
        if (!enrolment) throw notFound(COACHING_MESSAGES.participantNotFound);
        return enrolment;
      }, { present: body.present, note: body.note });
    },

    /**
     * The card read marks its holder present, with their own place only: a child has no card, and a
     * parent's card marks none of their children. An unknown or not valid card is refused as at the desk.
     */
    takeAttendanceByCard(viewer: User, sessionId: number, body: BodyOf<typeof api.coaching.takeAttendanceByCard>) {
      return mark(viewer, sessionId, async (tx, participants) => {
        const card = await readCard(tx, body.code, origins, todayInRome());
        if ('unknown' in card) throw invalid({ code: [CHECK_IN_UNKNOWN_REASONS[card.unknown]] }, CHECK_IN_UNKNOWN_REASONS[card.unknown]);
        if (card.verdict !== 'valid') throw invalid({ code: [COACHING_MESSAGES.cardNotValid(card.verdict)] }, COACHING_MESSAGES.cardNotValid(card.verdict));
        const enrolment = await tx.courseEnrolment.findFirst({ where: { userId: card.membership.userId, childId: null, ...participants }, orderBy: { id: 'asc' } });
        if (!enrolment) throw invalid({ code: [COACHING_MESSAGES.notParticipantCard] }, COACHING_MESSAGES.notParticipantCard);
        return enrolment;
      }, { present: true });
    },
  };
}
