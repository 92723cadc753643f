// Joining a match (docs/open-matches.md#joining): a place is taken and its part paid in one step, under the
// booking's row lock, so the last place goes to exactly one member however many ask at once. Outside a
// competitive match's level range a member asks first, and every player in must accept.
import type { BodyOf, api } from '@beach/contracts';
import type { OpenMatch, Prisma, User } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { lockBooking } from '../bookings/index.js';
import { charge, INSUFFICIENT_CREDIT, post, settlingLegs, shareReceivable, spendingLegs, walletOf } from '../ledger/index.js';
import { checkoutItems } from '../payments/index.js';
import { offersOf, type ReturnParts, settleOffers } from './match-places.js';
import { dropLapsedJoiners, formatOf, matchMessages, memberLevel, playersIn, withinRange } from './match-terms.js';

/**
 * The match with its booking locked for the rest of the transaction: whether it still takes players (open,
 * before its cut-off) and, after the cut-off, the place a leaving player offers, free to take until play.
 */
export async function lockOpenMatch(tx: Prisma.TransactionClient, matchId: number, now: Date) {
  const found = await tx.openMatch.findUnique({ where: { id: matchId }, select: { bookingId: true } });
  if (!found) throw new AppError(404, matchMessages.notFound);
  const booking = await lockBooking(tx, found.bookingId);
  const match = await tx.openMatch.findUniqueOrThrow({ where: { id: matchId } });
  const takesPlayers = match.state === 'open' && booking?.status === 'confirmed' && match.cutoffAt > now;
  await dropLapsedJoiners(tx, match, now);
  const joined = await playersIn(tx, match.bookingId, now);
  const everyone = [match.organiserId, ...joined.flatMap((player) => (player.userId === null ? [] : [player.userId]))];
  const offers = await offersOf(tx, matchId, joined);
  const beingPlayed = (match.state === 'filled' || match.state === 'kept') && booking?.status === 'confirmed' && booking.startsAt > now;
  const placeOffered = beingPlayed ? offers.free : null;
  return { match, booking: booking!, joined, everyone, takesPlayers, placeOffered, offered: offers.offers.length > 0 };
}
export type LockedMatch = Awaited<ReturnType<typeof lockOpenMatch>>;

/** A place to take: before the cut-off one of the free places, after it one a leaving player offers. */
export function refuseUnlessPlaceFree({ match, joined, takesPlayers, placeOffered, offered }: LockedMatch) {
  if (!takesPlayers && !placeOffered) throw new AppError(409, offered ? matchMessages.full : matchMessages.closed);
  if (takesPlayers && joined.length >= match.playersCount - 1) throw new AppError(409, matchMessages.full);
}

/**
 * The member's row in the match (or a walk-in's without an account, by name), on the offered place if it
 * is one, and their part charged on its own receivable.
 */
export async function seatPlayer(tx: Prisma.TransactionClient, { match, placeOffered }: LockedMatch, userId: number | null, now: Date, guestName?: string) {
  // Invited already: the split payment's invitation is this join itself.
  const player = await tx.bookingPlayer.create({ data: { bookingId: match.bookingId, userId, guestName, status: 'invited', invitationSentAt: now } });
  if (placeOffered) await tx.openMatchOffer.update({ where: { id: placeOffered.id }, data: { replacementId: player.id } });
  const receivable = shareReceivable(player.id, match.bookingId);
  const context = { bookingId: match.bookingId, bookingPlayerId: player.id, userId, description: 'Quota partita aperta' };
  await charge(tx, `open-match-part:${match.id}:${player.id}:charge`, receivable, match.partCents, context);
  return { player, receivable, context };
}

export function createMatchJoining({ db, checkouts, stripeRequests }: { db: Db } & ReturnParts) {
  async function requestOf(tx: Prisma.TransactionClient, match: OpenMatch, userId: number) {
    return tx.openMatchRequest.findUnique({ where: { matchId_userId: { matchId: match.id, userId } }, include: { answers: true } });
  }

  async function join(viewer: User, matchId: number, body: BodyOf<typeof api.openMatches.join>) {
    const now = new Date();
    const joinedAs = await db.$transaction(async (tx) => {
      const locked = await lockOpenMatch(tx, matchId, now);
      const { match, booking, everyone } = locked;
      if (everyone.includes(viewer.id)) throw new AppError(409, matchMessages.alreadyIn);
      refuseUnlessPlaceFree(locked);
      if (!withinRange(match, await memberLevel(tx, viewer.id, match.sport))) {
        const request = await requestOf(tx, match, viewer.id);
        if (!request || request.state !== 'asking') throw new AppError(409, matchMessages.mustAsk);
        const accepted = new Set(request.answers.filter((answer) => answer.accepted).map((answer) => answer.playerId));
        if (!everyone.every((userId) => accepted.has(userId))) throw new AppError(409, matchMessages.notAccepted);
        await tx.openMatchRequest.update({ where: { id: request.id }, data: { state: 'joined' } });
      }
      const { player, receivable, context } = await seatPlayer(tx, locked, viewer.id, now);
      if (body.pay_with === 'credit') {
        const legs = spendingLegs(await walletOf(tx, viewer.id, { lock: true }), match.partCents);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT, { pay_with: [INSUFFICIENT_CREDIT] });
        await post(tx, { ...context, key: `open-match-part:${match.id}:${player.id}:credit`, kind: 'credit_payment', legs: [...legs, ...settlingLegs([{ receivable, cents: match.partCents }])] });
        await tx.bookingPlayer.update({ where: { id: player.id }, data: { status: 'paid' } });
        // Paid at once: the leaver whose place this was has their part back now (by card: the job does it).
        await settleOffers(tx, { checkouts, stripeRequests }, match, now);
      }
      return { match, booking, playerId: player.id };
    }, TRANSACTION_OPTIONS);
    if (body.pay_with === 'credit') return { playerId: joinedAs.playerId, checkout_url: null };
    // By card: the place is the member's while Stripe's page can still be paid (match-terms.ts CARD_PLACE_MS).
    const court = await db.court.findUniqueOrThrow({ where: { id: joinedAs.booking.courtId } });
    const checkoutUrl = await checkouts.open({
      kind: 'booking_share',
      targetId: joinedAs.playerId,
      customer: viewer,
      amountCents: joinedAs.match.partCents,
      itemName: checkoutItems.share(court.code, joinedAs.booking),
      cancelPath: `/partite/${matchId}?pagamento=annullato`,
    });
    return { playerId: joinedAs.playerId, checkout_url: checkoutUrl };
  }

  /** A member outside the range asks; asking again after leaving starts over (the earlier answers are gone). */
  async function ask(viewer: User, matchId: number) {
    const now = new Date();
    await db.$transaction(async (tx) => {
      const { match, everyone, takesPlayers, placeOffered } = await lockOpenMatch(tx, matchId, now);
      if (everyone.includes(viewer.id)) throw new AppError(409, matchMessages.alreadyIn);
      if (!takesPlayers && !placeOffered) throw new AppError(409, matchMessages.closed);
      if (withinRange(match, await memberLevel(tx, viewer.id, formatOf(match.format).sport))) throw new AppError(409, matchMessages.noNeedToAsk);
      const request = await requestOf(tx, match, viewer.id);
      if (request?.state === 'asking') throw new AppError(409, matchMessages.asked);
      if (request) {
        await tx.openMatchAnswer.deleteMany({ where: { requestId: request.id } });
        await tx.openMatchRequest.update({ where: { id: request.id }, data: { state: 'asking', createdAt: now } });
      } else await tx.openMatchRequest.create({ data: { matchId, userId: viewer.id } });
    }, TRANSACTION_OPTIONS);
  }

  /** A player in answers a request; the organiser may take a refusal back (the request is asking again). */
  async function answer(viewer: User, matchId: number, requestId: number, body: { accept: boolean } | { withdrawRefusalOf: number }) {
    const now = new Date();
    await db.$transaction(async (tx) => {
      const { match, everyone } = await lockOpenMatch(tx, matchId, now);
      const request = await tx.openMatchRequest.findFirst({ where: { id: requestId, matchId, state: 'asking' } });
      if (!request) throw new AppError(404, matchMessages.requestNotFound);
      if (!everyone.includes(viewer.id)) throw new AppError(403, matchMessages.notPlayer);
      if ('accept' in body) {
        const key = { requestId_playerId: { requestId, playerId: viewer.id } };
        await tx.openMatchAnswer.upsert({ where: key, create: { requestId, playerId: viewer.id, accepted: body.accept, answeredAt: now }, update: { accepted: body.accept, answeredAt: now } });
        return;
      }
      if (viewer.id !== match.organiserId) throw new AppError(403, matchMessages.notOrganiser);
      const removed = await tx.openMatchAnswer.deleteMany({ where: { requestId, playerId: body.withdrawRefusalOf, accepted: false } });
      if (removed.count === 0) throw new AppError(409, matchMessages.noRefusal);
    }, TRANSACTION_OPTIONS);
  }

  return { join, ask, answer };
}
