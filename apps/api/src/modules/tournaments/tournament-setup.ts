// The organiser's set-up (docs/tournaments.md#set-up): a tournament in draft with its court hours, each
// holding its court through a closure ("Torneo <name>") so bookings and the desk planner see it taken; a
// clash with a live booking or another closure is refused naming the court and time. Update (before the
// draw) replaces the hours and offers new places to the waiting list; publish shows it; cancel withdraws every entry, gives every paid part back and
// frees the courts. Each write audited.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, Tournament, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { isConstraintViolation, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { localizedDay, type MessageDescriptor, withValues } from '../../lib/i18n.js';
import { addDays, fromIsoDate, instantInRome, timeOf, todayInRome } from '../../lib/time.js';
import { liveSql, takeCourtTurn, touchingSql } from '../bookings/index.js';
import type { Checkouts } from '../payments/index.js';
import type { EntryMoney } from './entry-money.js';
import { lockTournament } from './registration.js';
import { TOURNAMENT_MESSAGES } from './tournament-terms.js';
import type { TournamentWaitlist } from './waitlist.js';

type Body = BodyOf<typeof api.tournaments.create>;
type Hours = Body['courts'][number];

/** Rome wall hours as instants ('24:00' is the next day's midnight). */
const spanOf = (hours: Hours) => ({
  courtId: hours.court_id,
  startsAt: instantInRome(hours.date, hours.from),
  endsAt: hours.to === '24:00' ? instantInRome(addDays(hours.date, 1), '00:00') : instantInRome(hours.date, hours.to),
});

const columnsOf = (body: Body) => ({
  name: body.name, titleDe: body.title_de, titleEn: body.title_en, sport: body.sport, category: body.category, underAge: body.under_age, format: body.format, matchFormat: body.match_format,
  matchMinutes: body.match_minutes, timeCapMinutes: body.time_cap_minutes, restMinutes: body.rest_minutes, poolSize: body.pool_size,
  entryFeeCents: body.entry_fee, maxEntries: body.max_entries, registrationOpensAt: new Date(body.registration_opens_at),
  registrationClosesAt: new Date(body.registration_closes_at), startsOn: fromIsoDate(body.starts_on), endsOn: fromIsoDate(body.ends_on), rulesText: body.rules_text,
});

export function createTournamentSetup({ db }: Pick<AppDeps, 'db'>, checkouts: Checkouts, money: EntryMoney, waitlist: TournamentWaitlist) {
  /** Each court hour checked free (its court's turn taken first, in id order) and held by a closure. */
  async function holdCourts(tx: Prisma.TransactionClient, tournament: { id: number; name: string }, courts: Hours[], actorId: number) {
    const spans = courts.map(spanOf);
    for (const courtId of [...new Set(spans.map((span) => span.courtId))].sort((a, b) => a - b)) await takeCourtTurn(tx, courtId);
    const known = await tx.court.findMany({ where: { id: { in: spans.map((span) => span.courtId) } } });
    const codeOf = new Map(known.map((court) => [court.id, court.code]));
    for (const [index, span] of spans.entries()) {
      if (!codeOf.has(span.courtId)) throw invalid({ [`courts.${index}.court_id`]: [TOURNAMENT_MESSAGES.unknownCourt] });
      const [hit] = await tx.$queryRaw<{ startsAt: Date; endsAt: Date; what: string }[]>`
        SELECT starts_at AS "startsAt", ends_at AS "endsAt", 'prenotazione' AS what FROM bookings
        WHERE court_id = ${span.courtId} AND ${touchingSql(span.startsAt, span.endsAt)} AND ${liveSql(new Date())}
        UNION ALL
        SELECT starts_at, ends_at, reason FROM court_closures WHERE court_id = ${span.courtId} AND starts_at < ${span.endsAt} AND ends_at > ${span.startsAt}
        LIMIT 1`;
      if (hit) {
        const values = { court: codeOf.get(span.courtId), day: localizedDay(todayInRome(hit.startsAt)), from: timeOf(hit.startsAt), to: timeOf(hit.endsAt, true), what: hit.what };
        throw new AppError(409, withValues(TOURNAMENT_MESSAGES.courtTaken, values));
      }
      const closure = await tx.courtClosure.create({ data: { courtId: span.courtId, startsAt: span.startsAt, endsAt: span.endsAt, reason: `Torneo ${tournament.name}`, createdById: actorId } });
      await tx.tournamentCourt.create({ data: { tournamentId: tournament.id, courtId: span.courtId, startsAt: span.startsAt, endsAt: span.endsAt, closureId: closure.id } });
    }
  }

  /** The closures holding the tournament's courts removed (the court hours stay on record, unheld). */
  async function freeCourts(tx: Prisma.TransactionClient, tournamentId: number) {
    const held = await tx.tournamentCourt.findMany({ where: { tournamentId }, select: { closureId: true } });
    await tx.courtClosure.deleteMany({ where: { id: { in: held.flatMap((row) => (row.closureId === null ? [] : [row.closureId])) } } });
  }

  /**
   * Each new place (the places raised) goes to the waiting list as a freed one does: taken on the counter,
   * then passed on (offered to the first waiting entry, or given back when nobody waits).
   */
  async function offerNewPlaces(tx: Prisma.TransactionClient, tournament: Tournament, added: number) {
    for (let place = 0; place < added; place += 1) {
      const took = await tx.$executeRaw`UPDATE tournaments SET entries_taken = entries_taken + 1, updated_at = now() WHERE id = ${tournament.id} AND entries_taken < max_entries`;
      if (took === 0 || !(await waitlist.passPlaceOn(tx, tournament, new Date()))) return;
    }
  }

  /** The tournament locked; 404 when missing, 409 when `allowed` refuses its status. */
  async function lockedIn(tx: Prisma.TransactionClient, id: number, allowed: (tournament: { status: string; draw: unknown }) => boolean, refusal: MessageDescriptor) {
    const tournament = await lockTournament(tx, id);
    if (!tournament) throw notFound(TOURNAMENT_MESSAGES.notFound);
    if (!allowed(tournament)) throw new AppError(409, refusal);
    return tournament;
  }

  return {
    create: (staff: User, body: Body) =>
      db.$transaction(
        (tx) =>
          auditRow(tx, { entity: 'tournaments', action: 'create' }, async () => {
            const made = await tx.tournament.create({ data: columnsOf(body) });
            await holdCourts(tx, made, body.courts, staff.id);
            return made;
          }),
        TRANSACTION_OPTIONS,
      ),

    async update(staff: User, id: number, body: Body) {
      try {
        await db.$transaction(async (tx) => {
          const before = await lockedIn(tx, id, (row) => ['draft', 'published'].includes(row.status) && row.draw === null, TOURNAMENT_MESSAGES.alreadyDrawn);
          const kob = (format: string) => format === 'king_of_the_beach';
          if (kob(before.format) !== kob(body.format) && (await tx.tournamentEntry.count({ where: { tournamentId: id, status: { not: 'withdrawn' } } })) > 0) {
            throw new AppError(409, TOURNAMENT_MESSAGES.formatLocked);
          }
          const row = await auditRow(tx, { entity: 'tournaments', id, action: 'update' }, async () => {
            await freeCourts(tx, id);
            await tx.tournamentCourt.deleteMany({ where: { tournamentId: id } });
            const updated = await tx.tournament.update({ where: { id }, data: columnsOf(body) });
            await holdCourts(tx, updated, body.courts, staff.id);
            return updated;
          });
          await offerNewPlaces(tx, row, body.max_entries - before.maxEntries);
        }, TRANSACTION_OPTIONS);
      } catch (error) {
        if (isConstraintViolation(error, 'tournaments_places')) throw new AppError(409, TOURNAMENT_MESSAGES.tooFewPlaces);
        throw error;
      }
    },

    publish: (id: number) =>
      db.$transaction(async (tx) => {
        await lockedIn(tx, id, (row) => row.status === 'draft', TOURNAMENT_MESSAGES.notDraft);
        await auditRow(tx, { entity: 'tournaments', id, action: 'publish' }, () => tx.tournament.update({ where: { id }, data: { status: 'published' } }));
      }, TRANSACTION_OPTIONS),

    async cancel(staff: User, id: number) {
      // Stripe is asked about open checkouts before the transaction (a session paid meanwhile refuses).
      for (const player of await db.tournamentPlayer.findMany({ where: { tournamentId: id, withdrawnAt: null }, select: { id: true } })) await checkouts.refuseIfPaid('tournament_fee', player.id);
      await db.$transaction(async (tx) => {
        await lockedIn(tx, id, (row) => !['cancelled', 'finished'].includes(row.status), TOURNAMENT_MESSAGES.notCancellable);
        await auditRow(tx, { entity: 'tournaments', id, action: 'cancel' }, async () => {
          const entries = await tx.tournamentEntry.findMany({ where: { tournamentId: id, status: { not: 'withdrawn' } }, select: { id: true }, orderBy: { id: 'asc' } });
          for (const entry of entries) await money.withdrawEntry(tx, entry.id, staff.id, 'Torneo annullato: restituito per intero');
          await freeCourts(tx, id);
          await tx.tournament.update({ where: { id }, data: { status: 'cancelled', entriesTaken: 0 } });
        });
      }, TRANSACTION_OPTIONS);
    },
  };
}
