// The terms every part of open matches shares (docs/open-matches.md): messages, a member's level, who is
// in a match and how many places are left, read under the booking's lock by every writer.
import { defineMessages, OPEN_MATCH_FORMATS } from '@beach/contracts';
import type { OpenMatch, Prisma, Sport } from '../../generated/prisma/client.js';
import { accounts, writeOff } from '../ledger/index.js';
import { levelInSport } from '../levels/index.js';
import { CHECKOUT_LIFETIME_SECONDS } from '../payments/index.js';

export const matchMessages = defineMessages({
  notFound: /* i18n */ { id: 'api.open_matches.not_found', message: 'Partita non trovata.' },
  bookingNotFound: /* i18n */ { id: 'api.open_matches.booking_not_found', message: 'Prenotazione non trovata.' },
  notHeld: /* i18n */ { id: 'api.open_matches.not_held', message: 'Si apre una partita solo su una tua prenotazione ancora da pagare.' },
  already: /* i18n */ { id: 'api.open_matches.already', message: 'Su questa prenotazione c’è già una partita o ci sono già dei giocatori.' },
  tooLate: /* i18n */ { id: 'api.open_matches.too_late', message: 'È troppo tardi per aprire una partita su questo orario: il termine per completarla è già passato.' },
  notPaidWhole: /* i18n */ { id: 'api.open_matches.not_paid_whole', message: 'Questa prenotazione ha già un pagamento o uno sconto: aprila come partita prima di pagare.' },
  closed: /* i18n */ { id: 'api.open_matches.closed', message: 'Questa partita non accetta più giocatori.' },
  full: /* i18n */ { id: 'api.open_matches.full', message: 'L’ultimo posto è appena stato preso da un altro giocatore.' },
  alreadyIn: /* i18n */ { id: 'api.open_matches.already_in', message: 'Sei già in questa partita.' },
  mustAsk: /* i18n */ { id: 'api.open_matches.must_ask', message: 'Il tuo livello non rientra in quello della partita: chiedi il posto ai giocatori.' },
  notAccepted: /* i18n */ { id: 'api.open_matches.not_accepted', message: 'Tutti i giocatori devono accettare la tua richiesta prima che tu possa pagare.' },
  noNeedToAsk: /* i18n */ { id: 'api.open_matches.no_need_to_ask', message: 'Puoi entrare subito in questa partita: non serve chiedere.' },
  asked: /* i18n */ { id: 'api.open_matches.asked', message: 'Hai già chiesto un posto in questa partita.' },
  requestNotFound: /* i18n */ { id: 'api.open_matches.request_not_found', message: 'Richiesta non trovata.' },
  notPlayer: /* i18n */ { id: 'api.open_matches.not_player', message: 'Solo i giocatori della partita rispondono alle richieste.' },
  notOrganiser: /* i18n */ { id: 'api.open_matches.not_organiser', message: 'Solo chi ha aperto la partita può farlo.' },
  noRefusal: /* i18n */ { id: 'api.open_matches.no_refusal', message: 'Questo giocatore non ha rifiutato la richiesta.' },
  notIn: /* i18n */ { id: 'api.open_matches.not_in', message: 'Non sei in questa partita.' },
  organiserStays: /* i18n */ { id: 'api.open_matches.organiser_stays', message: 'Chi ha aperto la partita non la lascia: può annullare la prenotazione.' },
  begun: /* i18n */ { id: 'api.open_matches.begun', message: 'La partita è già cominciata: non si può più lasciare.' },
  afterCutoff: /* i18n */ { id: 'api.open_matches.after_cutoff', message: 'Il termine per completare la partita è passato: puoi lasciarla solo se qualcuno prende il tuo posto.' },
  placeOffered: /* i18n */ { id: 'api.open_matches.place_offered', message: 'Il tuo posto è offerto agli altri soci: quando qualcuno lo prende e paga, la tua quota torna da dove l’hai pagata.' },
  alreadyOffered: /* i18n */ { id: 'api.open_matches.already_offered', message: 'Il tuo posto è già offerto agli altri soci.' },
  memberNotFound: /* i18n */ { id: 'api.open_matches.member_not_found', message: 'Socio non trovato.' },
  memberAlreadyIn: /* i18n */ { id: 'api.open_matches.member_already_in', message: 'Questo socio è già nella partita.' },
  left: /* i18n */ { id: 'api.open_matches.left', message: 'Hai lasciato la partita: la tua quota torna da dove l’hai pagata.' },
  nothingMissing: /* i18n */ { id: 'api.open_matches.nothing_missing', message: 'Non mancano quote da pagare: la partita è completa.' },
  cancelledReason: /* i18n */ { id: 'api.open_matches.cancelled_reason', message: 'Partita aperta non completata entro il termine' },
});

/** The sport and how many play follow from the format. */
export const formatOf = (format: OpenMatch['format']) => OPEN_MATCH_FORMATS[format];

/**
 * The member's level in a sport on the 0–7 scale, or null when none is known. The one place open matches
 * read a level (docs/open-matches.md#levels): a member with no level yet counts as outside every range.
 */
export const memberLevel = (tx: Prisma.TransactionClient, userId: number, sport: Sport): Promise<number | null> => levelInSport(tx, userId, sport);

/** Inside the match's range: a friendly match takes anyone, a competitive one a known level within it. */
export function withinRange(match: Pick<OpenMatch, 'competitive' | 'levelMinTenths' | 'levelMaxTenths'>, level: number | null): boolean {
  if (!match.competitive) return true;
  if (level === null) return false;
  const tenths = Math.round(level * 10);
  return tenths >= match.levelMinTenths! && tenths <= match.levelMaxTenths!;
}

/** A joiner paying by card keeps their place while their checkout can still be paid (a little beyond its life). */
export const CARD_PLACE_MS = (CHECKOUT_LIFETIME_SECONDS + 4 * 60) * 1000;

/**
 * The players in, besides the organiser: paid, or paying by card within CARD_PLACE_MS. A player paying by
 * card past that never paid: they are dropped first (their part written off) so the place is free again.
 */
export async function playersIn(tx: Prisma.TransactionClient, bookingId: number, now: Date) {
  const players = await tx.bookingPlayer.findMany({ where: { bookingId, status: { not: 'dropped' } }, orderBy: { id: 'asc' }, include: { user: true } });
  return players.filter((player) => stillIn(player, now));
}

/** A row not dropped is in while paid, or paying by card within CARD_PLACE_MS (joined after `cardPlaceSince`). */
export const stillIn = (player: { paidAt: Date | null; createdAt: Date }, now: Date) => player.paidAt !== null || player.createdAt > cardPlaceSince(now);

/** The card joiners added after this instant still hold their place (CARD_PLACE_MS). */
export const cardPlaceSince = (now: Date) => new Date(now.getTime() - CARD_PLACE_MS);

/** Card joiners whose time ran out without paying leave their place: dropped, their part no longer owed. */
export async function dropLapsedJoiners(tx: Prisma.TransactionClient, match: Pick<OpenMatch, 'id' | 'bookingId'>, now: Date) {
  const lapsed = await tx.bookingPlayer.findMany({
    where: { bookingId: match.bookingId, status: 'invited', paidAt: null, createdAt: { lte: cardPlaceSince(now) } },
  });
  for (const player of lapsed) {
    await writeOff(tx, `open-match-part:${match.id}:${player.id}:lapsed`, [accounts.share(player.id, match.bookingId)], { bookingId: match.bookingId, bookingPlayerId: player.id, userId: player.userId, description: 'Posto in partita non pagato' });
    await tx.bookingPlayer.update({ where: { id: player.id }, data: { status: 'dropped' } });
  }
}

/** Morning before 13:00, afternoon before 18:00, evening after (Rome time). */
export const timeOfDay = (start: string) => (start < '13:00' ? 'morning' : start < '18:00' ? 'afternoon' : 'evening');
