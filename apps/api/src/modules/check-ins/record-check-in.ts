// A member's entrance recorded at the desk, once: a valid card, not scanned within the last minutes, a
// valid certificate or the desk's word, and the row of courts (the booking's when it names one).
import { type api, type BodyOf, CHECK_IN_REPEAT_MINUTES } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { audit, auditRow, rowOf } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { timeOf, todayInRome } from '../../lib/time.js';
import { certificateWarning } from '../certificates/index.js';
import { holderOf, toVerificationDto } from '../memberships/index.js';
import { bookingsOfDay, CHECK_IN_DETAILS, CHECK_IN_MESSAGES, type CourtRow, toCheckInDto, verdictOf } from './check-in-terms.js';

type CheckInBody = BodyOf<typeof api.checkIns.create>;

export function createCheckInRecording({ db }: Pick<AppDeps, 'db'>) {
  return {
    /**
     * Records a valid card's entrance. The card's row is locked for the transaction, so of simultaneous
     * scans one records and the others find it: the same card within CHECK_IN_REPEAT_MINUTES answers 409
     * with the time already recorded, unless it is the same request again (its `request_key`).
     */
    async create(body: CheckInBody, staff: User) {
      return db.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM memberships WHERE id = ${body.membership_id} FOR UPDATE`;
        if (locked.length === 0) throw notFound(CHECK_IN_MESSAGES.cardNotFound);
        const membership = await tx.membership.findUniqueOrThrow({ where: { id: body.membership_id }, include: { user: { select: { firstName: true, lastName: true } } } });
        const today = todayInRome();
        const verdict = verdictOf(toVerificationDto(membership, today).status);
        if (verdict !== 'valid') throw new AppError(409, CHECK_IN_MESSAGES.notValid(verdict));

        // The same request again (its form's key: a double click, a retry) is told its entrance is recorded;
        // the log keeps the request, like an unchanged role's (the operator asked for it).
        const sent = body.request_key ? await tx.checkIn.findUnique({ where: { requestKey: body.request_key }, include: CHECK_IN_DETAILS }) : null;
        if (sent && sent.membershipId === membership.id) {
          const row = await rowOf(tx, 'check_ins', sent.id);
          await audit(tx, { entity: 'check_ins', id: sent.id, action: 'check-in', before: row, after: row });
          return { message: CHECK_IN_MESSAGES.recorded(holderOf(membership.user)), check_in: toCheckInDto(sent) };
        }
        // Measured on the clock that stamps an entrance (the API's: Prisma's default), not the database's.
        const repeatSince = new Date(Date.now() - CHECK_IN_REPEAT_MINUTES * 60_000);
        const [recent] = await tx.$queryRaw<{ checked_in_at: Date }[]>`
          SELECT checked_in_at FROM check_ins
          WHERE membership_id = ${membership.id} AND checked_in_at > ${repeatSince}
          ORDER BY checked_in_at DESC LIMIT 1`;
        if (recent) throw new AppError(409, CHECK_IN_MESSAGES.alreadyRecorded(timeOf(recent.checked_in_at)));
        // While a valid certificate is required, a holder without one enters only when the desk confirms it.
        const warning = body.without_valid_certificate ? undefined : await certificateWarning(tx, membership.userId, today);
        if (warning) throw new AppError(409, CHECK_IN_MESSAGES.certificateNotConfirmed(warning));

        let courtRow = body.court_row;
        if (body.booking_id !== null) {
          const [booking] = await bookingsOfDay(tx, membership.userId, today, body.booking_id);
          if (!booking) throw invalid({ booking_id: [CHECK_IN_MESSAGES.bookingNotToday] });
          courtRow = (booking.court.row as CourtRow | null) ?? courtRow;
        }
        if (!courtRow) throw invalid({ court_row: [CHECK_IN_MESSAGES.rowRequired] });

        const checkIn = await auditRow(tx, { entity: 'check_ins', action: 'check-in' }, () =>
          tx.checkIn.create({
            data: { membershipId: membership.id, userId: membership.userId, staffId: staff.id, bookingId: body.booking_id, courtRow, requestKey: body.request_key },
            include: CHECK_IN_DETAILS,
          }),
        );
        return { message: CHECK_IN_MESSAGES.recorded(holderOf(membership.user)), check_in: toCheckInDto(checkIn) };
      }, TRANSACTION_OPTIONS);
    },
  };
}
