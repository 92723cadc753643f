// Setups back-office (docs/domain.md#courts): setups CRUD and their assignment to courts by date range. The
// database refuses two setups on one court on the same day (court_setups_no_overlap); that refusal
// becomes a 409 with an Italian message.
import type { api, BodyOf, TCourtSetup, TSetup } from '@beach/contracts';
import type { Prisma, Setup } from '../../generated/prisma/client.js';
import type { AppDeps } from '../../deps.js';
import { auditRow } from '../../lib/audit.js';
import { conflictOn, isRecordMissing, isUniqueViolation, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { takeCourtTurn } from '../bookings/index.js';
import { invalid, notFound } from '../../lib/errors.js';
import { fromIsoDate, toIsoDate } from '../../lib/time.js';

export const SETUPS_MESSAGES = {
  notFound: 'Allestimento non trovato.',
  nameTaken: 'Esiste già un allestimento con questo nome.',
  inUse: 'L’allestimento è assegnato a uno o più campi: togli prima le assegnazioni.',
  deleted: 'Allestimento eliminato.',
  courtNotFound: 'Campo non trovato.',
  overlap: 'Il campo ha già un allestimento in alcuni di questi giorni: un campo può avere un solo allestimento al giorno.',
  assignmentNotFound: 'Assegnazione non trovata.',
  unassigned: 'Assegnazione eliminata.',
} as const;

const toSetupDto = (setup: Setup): TSetup => ({
  id: setup.id,
  name: setup.name,
  sport: setup.sport,
  net_height_cm: setup.netHeightCm,
  length_m: setup.lengthM.toNumber(),
  width_m: setup.widthM.toNumber(),
  equipment: setup.equipment,
  notes: setup.notes,
});

const setupData = (body: BodyOf<typeof api.adminSetups.create>) => ({
  name: body.name,
  sport: body.sport,
  netHeightCm: body.net_height_cm,
  lengthM: body.length_m,
  widthM: body.width_m,
  equipment: body.equipment,
  notes: body.notes,
});

const assignmentInclude = { court: { select: { id: true, code: true, name: true } }, setup: { select: { id: true, name: true, sport: true } } } as const;
const toCourtSetupDto = (row: Prisma.CourtSetupGetPayload<{ include: typeof assignmentInclude }>): TCourtSetup => ({
  id: row.id,
  court: row.court,
  setup: row.setup,
  valid_from: toIsoDate(row.validFrom),
  valid_to: toIsoDate(row.validTo),
});

export function createSetupsService({ db }: Pick<AppDeps, 'db'>) {
  const nameTaken = (error: unknown) => {
    if (isUniqueViolation(error)) return invalid({ name: [SETUPS_MESSAGES.nameTaken] });
    if (isRecordMissing(error)) return notFound(SETUPS_MESSAGES.notFound);
    return error;
  };
  return {
    async list(): Promise<TSetup[]> {
      return (await db.setup.findMany({ orderBy: [{ sport: 'asc' }, { name: 'asc' }] })).map(toSetupDto);
    },
    async create(body: BodyOf<typeof api.adminSetups.create>): Promise<TSetup> {
      const setup = await db
        .$transaction((tx) => auditRow(tx, { entity: 'setups', action: 'create' }, () => tx.setup.create({ data: setupData(body) })), TRANSACTION_OPTIONS)
        .catch((error: unknown) => Promise.reject(nameTaken(error)));
      return toSetupDto(setup);
    },
    async update(id: number, body: BodyOf<typeof api.adminSetups.create>): Promise<TSetup> {
      const setup = await db
        .$transaction(
          (tx) => auditRow(tx, { entity: 'setups', id, action: 'update' }, () => tx.setup.update({ where: { id }, data: setupData(body) })),
          TRANSACTION_OPTIONS,
        )
        .catch((error: unknown) => Promise.reject(nameTaken(error)));
      return toSetupDto(setup);
    },
    async remove(id: number) {
      await db
        .$transaction(async (tx) => {
          const { count } = await auditRow(tx, { entity: 'setups', id, action: 'delete' }, () => tx.setup.deleteMany({ where: { id } }));
          if (count === 0) throw notFound(SETUPS_MESSAGES.notFound);
        }, TRANSACTION_OPTIONS)
        .catch(conflictOn('court_setups_setup_id_fkey', SETUPS_MESSAGES.inUse));
      return { message: SETUPS_MESSAGES.deleted };
    },

    async assignments(): Promise<TCourtSetup[]> {
      const rows = await db.courtSetup.findMany({ include: assignmentInclude, orderBy: [{ validFrom: 'desc' }, { id: 'desc' }] });
      return rows.map(toCourtSetupDto);
    },
    async assign(body: BodyOf<typeof api.adminSetups.assign>): Promise<TCourtSetup> {
      const [court, setup] = await Promise.all([
        db.court.findUnique({ where: { id: body.court_id }, select: { id: true } }),
        db.setup.findUnique({ where: { id: body.setup_id }, select: { id: true } }),
      ]);
      if (!court) throw invalid({ court_id: [SETUPS_MESSAGES.courtNotFound] });
      if (!setup) throw invalid({ setup_id: [SETUPS_MESSAGES.notFound] });
      // Assignments of one court take the court's turn, as bookings do: two overlapping inserts at once
      // would otherwise wait on each other's rows and deadlock (a 500) instead of one meeting the other's.
      const row = await db
        .$transaction(async (tx) => {
          await takeCourtTurn(tx, court.id);
          return auditRow(tx, { entity: 'court_setups', action: 'create' }, () =>
            tx.courtSetup.create({
              data: { courtId: court.id, setupId: setup.id, validFrom: fromIsoDate(body.valid_from), validTo: fromIsoDate(body.valid_to) },
              include: assignmentInclude,
            }),
          );
        }, TRANSACTION_OPTIONS)
        .catch(conflictOn('court_setups_no_overlap', SETUPS_MESSAGES.overlap, { valid_from: [SETUPS_MESSAGES.overlap] }));
      return toCourtSetupDto(row);
    },
    async unassign(id: number) {
      await db.$transaction(async (tx) => {
        const { count } = await auditRow(tx, { entity: 'court_setups', id, action: 'delete' }, () => tx.courtSetup.deleteMany({ where: { id } }));
        if (count === 0) throw notFound(SETUPS_MESSAGES.assignmentNotFound);
      }, TRANSACTION_OPTIONS);
      return { message: SETUPS_MESSAGES.unassigned };
    },
  };
}

export type SetupsService = ReturnType<typeof createSetupsService>;
