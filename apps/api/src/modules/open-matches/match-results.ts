// A competitive open match's result (docs/levels.md#open-match-results), as in tournaments: a player of the
// played match proposes it, one of the other side confirms it, and then every player's level moves through
// the levels module, once (the result's row is locked, and the levels count a key once). A friendly match
// has no result; a proposal not confirmed within RESULT_CONFIRMATION_HOURS is dropped by a job.
import { defineMessages, RESULT_CONFIRMATION_HOURS, type TMatchResult, type TMatchResultBody } from '@beach/contracts';
import type { OpenMatch, OpenMatchResult, User } from '../../generated/prisma/client.js';
import { type Db, Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid } from '../../lib/errors.js';
import type { Message } from '../../lib/i18n.js';
import { applyCompetitiveResult } from '../levels/index.js';
import { formatOf, matchMessages } from './match-terms.js';

type Tx = Prisma.TransactionClient;

const M = defineMessages({
  walkIn: /* i18n */ { id: 'api.open_matches.result_walk_in', message: 'In questa partita ha giocato chi non ha un account: il risultato non muove i livelli.' },
  friendly: /* i18n */ { id: 'api.open_matches.result_friendly', message: 'Una partita amichevole non ha un risultato: non muove i livelli.' },
  notPlayed: /* i18n */ { id: 'api.open_matches.result_not_played', message: 'Il risultato si inserisce quando la partita, con tutti i posti pagati, è cominciata.' },
  partners: /* i18n */ { id: 'api.open_matches.result_partners', message: 'Scegli i tuoi compagni di squadra tra i giocatori della partita: uno in un 2×2, tre in un 4×4.' },
  settled: /* i18n */ { id: 'api.open_matches.result_settled', message: 'Il risultato di questa partita è già confermato.' },
  dropped: /* i18n */ { id: 'api.open_matches.result_dropped', message: 'Il risultato non è stato confermato entro 48 ore ed è decaduto: questa partita non muove i livelli.' },
  nothingToConfirm: /* i18n */ { id: 'api.open_matches.result_nothing', message: 'Non c’è un risultato da confermare.' },
  otherSide: /* i18n */ { id: 'api.open_matches.result_other_side', message: 'Il risultato lo conferma un giocatore della squadra avversaria di chi l’ha proposto.' },
  proposed: /* i18n */ { id: 'api.open_matches.result_proposed', message: 'Risultato inviato: vale quando un giocatore dell’altra squadra lo conferma.' },
  confirmed: /* i18n */ { id: 'api.open_matches.result_confirmed', message: 'Risultato confermato: i livelli dei giocatori sono aggiornati.' },
});

const CONFIRMATION_MS = RESULT_CONFIRMATION_HOURS * 60 * 60 * 1000;
const expired = (result: Pick<OpenMatchResult, 'proposedAt'>, now: Date) => now.getTime() - result.proposedAt.getTime() >= CONFIRMATION_MS;

/** The match with who played it: the members in, and whether it was played (every place paid, its hour begun). */
async function playedMatch(tx: Tx, matchId: number, now: Date) {
  const match = await tx.openMatch.findUnique({ where: { id: matchId }, include: { booking: { select: { status: true, startsAt: true } } } });
  if (!match) throw new AppError(404, matchMessages.notFound);
  const paid = await tx.bookingPlayer.findMany({ where: { bookingId: match.bookingId, status: { not: 'dropped' }, paidAt: { not: null } }, select: { userId: true } });
  const members = [match.organiserId, ...paid.flatMap((player) => (player.userId === null ? [] : [player.userId]))];
  const played = match.state !== 'cancelled' && match.booking.status === 'confirmed' && match.booking.startsAt <= now && 1 + paid.length === match.playersCount;
  // A walk-in without an account has no level to rate: such a match moves nobody's (docs/levels.md#open-match-results).
  const withWalkIn = members.length < 1 + paid.length;
  return { match, members, played, withWalkIn };
}

async function resultView(tx: Tx, match: OpenMatch, members: number[], played: boolean, viewer: Pick<User, 'id'>, now: Date): Promise<TMatchResult> {
  const result = await tx.openMatchResult.findUnique({ where: { matchId: match.id } });
  const state = result === null ? 'none' : result.state === 'proposed' && expired(result, now) ? 'dropped' : result.state;
  const canPropose = match.competitive && played && members.includes(viewer.id) && (state === 'none' || state === 'proposed');
  if (!result) return { state, sides: null, winner: null, proposed_by: null, expires_at: null, can_propose: canPropose, can_confirm: false };
  const users = await tx.user.findMany({ where: { id: { in: [...result.sideA, ...result.sideB] } }, select: { id: true, firstName: true, lastName: true } });
  const player = (id: number) => {
    const user = users.find((row) => row.id === id);
    return { user_id: id, name: user ? `${user.firstName} ${user.lastName}` : '' };
  };
  return {
    state,
    sides: [result.sideA.map(player), result.sideB.map(player)],
    winner: result.winner === 0 ? 0 : 1,
    proposed_by: player(result.proposedBy),
    expires_at: state === 'proposed' ? new Date(result.proposedAt.getTime() + CONFIRMATION_MS).toISOString() : null,
    can_propose: canPropose,
    can_confirm: state === 'proposed' && result.sideB.includes(viewer.id),
  };
}

/** The proposer's side (them and their partners) and the other (every other member who played). */
function sidesOf(proposer: number, partners: number[], members: number[], playersCount: number): [number[], number[]] {
  const mine = [proposer, ...new Set(partners)];
  const valid = mine.length === playersCount / 2 && partners.every((id) => id !== proposer && members.includes(id));
  const others = members.filter((id) => !mine.includes(id));
  if (!valid || others.length === 0) throw invalid({ partners: [M.partners] });
  return [mine, others];
}

export function createMatchResults({ db }: { db: Db }) {
  return {
    async show(viewer: Pick<User, 'id'>, matchId: number): Promise<TMatchResult> {
      const now = new Date();
      const { match, members, played, withWalkIn } = await playedMatch(db, matchId, now);
      if (!members.includes(viewer.id)) throw new AppError(403, matchMessages.notIn);
      return resultView(db, match, members, played && !withWalkIn, viewer, now);
    },

    /** A player proposes (or, while unconfirmed, proposes again) the result: it waits for the other side. */
    async propose(viewer: Pick<User, 'id'>, matchId: number, body: TMatchResultBody): Promise<TMatchResult & { message: Message }> {
      const now = new Date();
      return db.$transaction(async (tx) => {
        const { match, members, played, withWalkIn } = await playedMatch(tx, matchId, now);
        if (!members.includes(viewer.id)) throw new AppError(403, matchMessages.notIn);
        if (!match.competitive) throw new AppError(409, M.friendly);
        if (withWalkIn) throw new AppError(409, M.walkIn);
        if (!played) throw new AppError(409, M.notPlayed);
        const [sideA, sideB] = sidesOf(viewer.id, body.partners, members, formatOf(match.format).players);
        const winner = body.won ? 0 : 1;
        // One result per match: a pending proposal is replaced, a confirmed or dropped one stays.
        const written = await tx.$queryRaw<unknown[]>(Prisma.sql`
          INSERT INTO open_match_results (match_id, proposed_by, side_a, side_b, winner, proposed_at)
          VALUES (${match.id}, ${viewer.id}, ${sideA}::int[], ${sideB}::int[], ${winner}, ${now})
          ON CONFLICT (match_id) DO UPDATE SET proposed_by = EXCLUDED.proposed_by, side_a = EXCLUDED.side_a, side_b = EXCLUDED.side_b,
            winner = EXCLUDED.winner, proposed_at = EXCLUDED.proposed_at
          WHERE open_match_results.state = 'proposed' AND open_match_results.proposed_at > ${new Date(now.getTime() - CONFIRMATION_MS)}
          RETURNING match_id`);
        if (written.length === 0) {
          const existing = await tx.openMatchResult.findUniqueOrThrow({ where: { matchId: match.id } });
          throw new AppError(409, existing.state === 'confirmed' ? M.settled : M.dropped);
        }
        return { message: M.proposed, ...(await resultView(tx, match, members, played, viewer, now)) };
      }, TRANSACTION_OPTIONS);
    },

    /** One of the other side confirms: the levels move, once however many confirm at the same time. */
    async confirm(viewer: Pick<User, 'id'>, matchId: number): Promise<TMatchResult & { message: Message }> {
      const now = new Date();
      return db.$transaction(async (tx) => {
        const { match, members, played } = await playedMatch(tx, matchId, now);
        if (!members.includes(viewer.id)) throw new AppError(403, matchMessages.notIn);
        const [result] = await tx.$queryRaw<{ state: OpenMatchResult['state']; proposed_at: Date; side_a: number[]; side_b: number[]; winner: number }[]>(Prisma.sql`
          SELECT state, proposed_at, side_a, side_b, winner FROM open_match_results WHERE match_id = ${match.id} FOR UPDATE`);
        if (!result) throw new AppError(409, M.nothingToConfirm);
        if (result.state === 'confirmed') throw new AppError(409, M.settled);
        if (result.state === 'dropped' || expired({ proposedAt: result.proposed_at }, now)) throw new AppError(409, M.dropped);
        if (!result.side_b.includes(viewer.id)) throw new AppError(403, M.otherSide);
        await tx.openMatchResult.update({ where: { matchId: match.id }, data: { state: 'confirmed', confirmedBy: viewer.id, decidedAt: now } });
        await applyCompetitiveResult(tx, { sport: match.sport, sourceKey: `open-match:${match.id}`, teams: [result.side_a, result.side_b], winner: result.winner === 0 ? 0 : 1 });
        return { message: M.confirmed, ...(await resultView(tx, match, members, played, viewer, now)) };
      }, TRANSACTION_OPTIONS);
    },

    /** The job: proposals waiting longer than RESULT_CONFIRMATION_HOURS are dropped (one statement: a confirmation under way wins). */
    async dropUnconfirmed(now = new Date()): Promise<{ dropped: number }> {
      const { count } = await db.openMatchResult.updateMany({
        where: { state: 'proposed', proposedAt: { lte: new Date(now.getTime() - CONFIRMATION_MS) } },
        data: { state: 'dropped', decidedAt: now },
      });
      return { dropped: count };
    },
  };
}

export type MatchResults = ReturnType<typeof createMatchResults>;
