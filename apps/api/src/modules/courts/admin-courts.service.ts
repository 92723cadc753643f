// Courts back-office (docs/domain.md#courts): edit a court; close it for a period and tell staff which live
// bookings the closure hits, so they can move or cancel them.
import { type api, type BodyOf, type TClosureHitBooking, type TCourt, type TCourtClosure } from '@beach/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import type { AppDeps } from '../../deps.js';
import { auditRow } from '../../lib/audit.js';
import { isRecordMissing, isUniqueViolation, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { invalid, notFound } from '../../lib/errors.js';
import { instantInRome } from '../../lib/time.js';
import { UNDER_OVERLAP_CONSTRAINT } from '../bookings/index.js';
import { toCourtDto } from './courts.service.js';

export const ADMIN_COURTS_MESSAGES = {
  courtNotFound: 'Campo non trovato.',
  codeTaken: 'Esiste già un campo con questo codice.',
  closureNotFound: 'Chiusura non trovata.',
  closureDeleted: 'Chiusura eliminata.',
} as const;

const closureInclude = { court: { select: { id: true, code: true, name: true } }, createdBy: { select: { firstName: true, lastName: true } } } as const;
type ClosureRow = Prisma.CourtClosureGetPayload<{ include: typeof closureInclude }>;

const toClosureDto = (closure: ClosureRow): TCourtClosure => ({
  id: closure.id,
  court: closure.court,
  starts_at: closure.startsAt.toISOString(),
  ends_at: closure.endsAt.toISOString(),
  reason: closure.reason,
  created_by: closure.createdBy ? `${closure.createdBy.firstName} ${closure.createdBy.lastName}` : null,
});

export function createAdminCourtsService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async update(id: number, body: BodyOf<typeof api.adminCourts.update>): Promise<TCourt> {
      try {
        const court = await db.$transaction(
          (tx) =>
            auditRow(tx, { entity: 'courts', id, action: 'update' }, () =>
              tx.court.update({
                where: { id },
                data: {
                  name: body.name,
                  code: body.code,
                  row: body.row,
                  position: body.position,
                  purpose: body.purpose,
                  hasLights: body.has_lights,
                  isBookable: body.is_bookable,
                  description: body.description,
                },
              }),
            ),
          TRANSACTION_OPTIONS,
        );
        return toCourtDto(court);
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ code: [ADMIN_COURTS_MESSAGES.codeTaken] });
        if (isRecordMissing(error)) throw notFound(ADMIN_COURTS_MESSAGES.courtNotFound);
        throw error;
      }
    },

    async closures(from?: string): Promise<TCourtClosure[]> {
      const closures = await db.courtClosure.findMany({
        where: from ? { endsAt: { gt: instantInRome(from, '00:00') } } : {},
        include: closureInclude,
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
      });
      return closures.map(toClosureDto);
    },

    /** Creates the closure and lists, from the same transaction, the live bookings inside it. */
    async createClosure(body: BodyOf<typeof api.adminCourts.createClosure>, createdById: number): Promise<{ closure: TCourtClosure; affected_bookings: TClosureHitBooking[] }> {
      const startsAt = new Date(body.starts_at);
      const endsAt = new Date(body.ends_at);
      return db.$transaction(async (tx) => {
        const court = await tx.court.findUnique({ where: { id: body.court_id }, select: { id: true } });
        if (!court) throw invalid({ court_id: [ADMIN_COURTS_MESSAGES.courtNotFound] });
        const closure = await auditRow(tx, { entity: 'court_closures', action: 'create' }, () =>
          tx.courtClosure.create({ data: { courtId: court.id, startsAt, endsAt, reason: body.reason, createdById }, include: closureInclude }),
        );
        const hits = await tx.booking.findMany({
          where: { courtId: court.id, startsAt: { lt: endsAt }, endsAt: { gt: startsAt }, ...UNDER_OVERLAP_CONSTRAINT },
          include: { user: { select: { firstName: true, lastName: true } } },
          orderBy: { startsAt: 'asc' },
        });
        return {
          closure: toClosureDto(closure),
          affected_bookings: hits.map((booking) => ({
            id: booking.id,
            starts_at: booking.startsAt.toISOString(),
            ends_at: booking.endsAt.toISOString(),
            status: booking.status,
            customer: booking.user ? `${booking.user.firstName} ${booking.user.lastName}` : (booking.customerName ?? '—'),
          })),
        };
      });
    },

    async removeClosure(id: number) {
      await db.$transaction(async (tx) => {
        const { count } = await auditRow(tx, { entity: 'court_closures', id, action: 'delete' }, () => tx.courtClosure.deleteMany({ where: { id } }));
        // A closure already gone: the entry just written goes with the refusal.
        if (count === 0) throw notFound(ADMIN_COURTS_MESSAGES.closureNotFound);
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_COURTS_MESSAGES.closureDeleted };
    },
  };
}

export type AdminCourtsService = ReturnType<typeof createAdminCourtsService>;

