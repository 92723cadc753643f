// The terms every part of split payment shares (docs/domain.md#split-payment): its messages, how a
// booking with its players is read, who still owes, the deadline, and the links of a share.
import { defineMessages } from '@beach/contracts';
import type { Config } from '../../config.js';
import type { Booking, BookingPlayer, Court, OpenMatch, Prisma, User } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import type { JobQueue } from '../../lib/jobs.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { type sharesOf, lockBooking } from '../bookings/index.js';
import type { Checkouts } from '../payments/index.js';

export const playerMessages = defineMessages({
  bookingNotFound: /* i18n */ { id: 'api.booking_players.booking_not_found', message: 'Prenotazione non trovata.' },
  playerNotFound: /* i18n */ { id: 'api.booking_players.player_not_found', message: 'Giocatore non trovato.' },
  shareNotFound: /* i18n */ { id: 'api.booking_players.share_not_found', message: 'Quota non trovata.' },
  notOrganiser: /* i18n */ { id: 'api.booking_players.not_organiser', message: 'Solo chi ha prenotato può cambiare i giocatori.' },
  notHeld: /* i18n */ { id: 'api.booking_players.not_held', message: 'La prenotazione non è più in attesa né confermata: i giocatori non si cambiano più.' },
  invitationsClosed: /* i18n */ {
    id: 'api.booking_players.invitations_closed',
    message: 'La partita inizia tra poco: non si possono più aggiungere o togliere giocatori.',
  },
  paying: /* i18n */ { id: 'api.booking_players.paying', message: 'Hai un pagamento in corso: aggiungi o togli i giocatori prima di pagare.' },
  full: /* i18n */ {
    id: 'api.booking_players.full',
    message: '{others, plural, one {Puoi aggiungere al massimo # giocatore oltre a te.} other {Puoi aggiungere al massimo # giocatori oltre a te.}}',
  },
  already: /* i18n */ { id: 'api.booking_players.already', message: 'Questo giocatore è già nella partita.' },
  self: /* i18n */ { id: 'api.booking_players.self', message: 'Sei tu l’organizzatore: sei già nella partita.' },
  unknownMember: /* i18n */ { id: 'api.booking_players.unknown_member', message: 'Socio non trovato.' },
  notPayable: /* i18n */ { id: 'api.booking_players.not_payable', message: 'Questa quota non è da pagare.' },
  openMatch: /* i18n */ { id: 'api.booking_players.open_match', message: 'Questa prenotazione è una partita aperta: i giocatori entrano ed escono dalla pagina della partita.' },
  notConfirmed: /* i18n */ { id: 'api.booking_players.not_confirmed', message: 'L’organizzatore non ha ancora confermato la prenotazione: riprova tra poco.' },
  paidWithCredit: /* i18n */ { id: 'api.booking_players.paid_with_credit', message: 'Quota pagata con il credito.' },
  left: /* i18n */ { id: 'api.booking_players.left', message: 'Hai lasciato la partita: le quote degli altri sono state ricalcolate.' },
  cannotLeave: /* i18n */ {
    id: 'api.booking_players.cannot_leave',
    message: 'Non puoi più lasciare questa partita: la quota è pagata o la scadenza è passata.',
  },
  paidCannotLeave: /* i18n */ { id: 'api.booking_players.paid_cannot_leave', message: 'Questo giocatore ha già pagato la sua quota.' },
});

export type PlayerRow = BookingPlayer & { user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'> | null };
export type SplitBooking = Booking & { court: Court; user: User | null; players: PlayerRow[]; openMatch: Pick<OpenMatch, 'partCents' | 'playersCount' | 'state'> | null };

export const WITH_PLAYERS = {
  court: true,
  user: true,
  players: { include: { user: { select: { id: true, firstName: true, lastName: true, email: true } } }, orderBy: { id: 'asc' } },
  openMatch: { select: { partCents: true, playersCount: true, state: true } },
} as const satisfies Prisma.BookingInclude;

export const fullName = (user: Pick<User, 'firstName' | 'lastName'> | null) => (user ? `${user.firstName} ${user.lastName}` : '');
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
export const stillIn = (player: Pick<BookingPlayer, 'status'>) => player.status !== 'dropped';
export const owes = (player: Pick<BookingPlayer, 'status' | 'paidAt'>) => stillIn(player) && player.paidAt === null;
/** "gi***@esempio.it": enough to tell two namesakes apart, not enough to write to them. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
};
/** The instant shares still unpaid pass to the organiser. */
export const deadlineOf = (booking: Pick<Booking, 'startsAt'>, hours: number) => new Date(booking.startsAt.getTime() - hours * 3_600_000);

/** A share can be paid by its player while it is theirs to pay, or by the organiser once charged to them. */
export const payerMay = (share: Pick<BookingPlayer, 'userId' | 'status' | 'paidAt'>, organiserId: number | null, viewerId: number) =>
  share.paidAt === null && ((share.status === 'invited' && share.userId === viewerId) || (share.status === 'charged_to_organiser' && organiserId === viewerId));

export type Shares = Awaited<ReturnType<typeof sharesOf>>;
export const NO_SHARE = { assigned: 0, owed: 0 };

/** What split payment's parts are made from. */
export interface SplitDeps {
  db: Db;
  jobs: JobQueue;
  config: Config;
  checkouts: Checkouts;
}

export const shareUrl = (config: Config, shareId: number) => `${webOriginOf(config)}/quote/${shareId}`;
/** A guest's link carries their address, so registering from it starts with that address filled in. */
export const guestShareUrl = (config: Config, shareId: number, email: string) => `${shareUrl(config, shareId)}?${new URLSearchParams({ email })}`;

/**
 * Money into a share waits for the booking first, as a cancellation locks it before reading what was
 * paid: a share is never paid into a booking being cancelled. True while the booking stands confirmed.
 */
export async function lockConfirmed(tx: Prisma.TransactionClient, bookingId: number) {
  return (await lockBooking(tx, bookingId, { share: true }))?.status === 'confirmed';
}

