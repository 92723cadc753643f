// Split payment (docs/domain.md#split-payment): the organiser of a booking adds up to three other
// players — members found by name or e-mail, or guests by e-mail — and each pays their share of the
// price online (card or credit) before the deadline; what is still unpaid then is charged to the organiser.
import { ZMarkPaidBody } from './admin-bookings.js';
import { ZEmail } from './auth.js';
import { defineRoute, ZIdParams, zRowId } from './http.js';
import { defineMessages } from './messages.js';
import { ZMoney } from './money.js';
import { zTextInt } from './integers.js';
import * as z from './zod-i18n.js';

const playerMessages = defineMessages({
  search: /* i18n */ { id: 'booking_players.search', message: 'Scrivi almeno 3 lettere del nome o del cognome.' },
  addWhom: /* i18n */ { id: 'booking_players.add_whom', message: 'Scegli un socio dall’elenco o scrivi l’e-mail di un ospite.' },
  pickMember: /* i18n */ { id: 'booking_players.pick_member', message: 'Scegli un socio dall’elenco.' },
  deadlineHours: /* i18n */ { id: 'booking_players.deadline_hours', message: 'Indica quante ore prima della partita.' },
  deadlineWholeHours: /* i18n */ { id: 'booking_players.deadline_whole_hours', message: 'Indica un numero intero di ore.' },
  deadlineRange: /* i18n */ { id: 'booking_players.deadline_range', message: 'Da 0 a 72 ore.' },
});

/** A court without a player count of its own is played two against two. */
export const DEFAULT_PLAYERS_PER_COURT = 4;

export const BOOKING_PLAYER_STATUSES = ['invited', 'paid', 'dropped', 'charged_to_organiser'] as const;
export const ZBookingPlayerStatus = z.enum(BOOKING_PLAYER_STATUSES);
/** How a share was paid: by its payer's card or credit, at the desk with the rest of the booking, or by the organiser's carnet covering the court. */
export const SHARE_PAID_WITH = ['card', 'credit', 'desk', 'carnet'] as const;
/** How the organiser paid their part: a share's ways, or credit with a card for the rest. */
export const ORGANISER_PAID_WITH = [...SHARE_PAID_WITH, 'credit_card'] as const;
export const SHARE_PAID_WITH_LABELS: Record<(typeof SHARE_PAID_WITH)[number], string> = { card: 'carta', credit: 'credito', desk: 'in segreteria', carnet: 'carnet' };
export const BOOKING_PLAYER_STATUS_LABELS: Record<(typeof BOOKING_PLAYER_STATUSES)[number], string> = {
  invited: 'Da pagare',
  paid: 'Pagata',
  dropped: 'Ritirato',
  charged_to_organiser: 'A carico dell’organizzatore',
};

/**
 * A member as the search shows them to another member: what tells namesakes apart without a way to
 * reach them — a masked e-mail, the last digits of their current card, whether you have played together.
 */
export const ZPlayerCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The last four characters of the card valid today, if any. */
  card_ending: z.string().nullable(),
  played_with_you: z.boolean(),
});
export type TPlayerCandidate = z.infer<typeof ZPlayerCandidate>;

export const ZPlayerSearchQuery = z.object({ q: z.string(z.because(playerMessages.search)).trim().min(3, z.because(playerMessages.search)).max(100) });

/** A member by id, or a guest by e-mail (invited to register). */
export const ZAddPlayerBody = z
  .object({ user_id: zRowId(playerMessages.pickMember).optional(), email: ZEmail.optional() })
  .refine((body) => (body.user_id === undefined) !== (body.email === undefined), { path: ['email'], ...z.because(playerMessages.addWhom) });
export type TAddPlayerBody = z.input<typeof ZAddPlayerBody>;

export const ZBookingPlayer = z.object({
  id: z.number().int(),
  /** The member's name; the address they were added by until they pay (a guest's until they register). */
  name: z.string(),
  /** Shown by an e-mail address: a guest, or a member added by their address who has not paid yet. */
  guest: z.boolean(),
  share: ZMoney,
  status: ZBookingPlayerStatus,
  paid_with: z.enum(SHARE_PAID_WITH).nullable(),
  paid_at: z.iso.datetime().nullable(),
  is_me: z.boolean(),
});
export type TBookingPlayer = z.infer<typeof ZBookingPlayer>;

export const ZBookingSplit = z.object({
  booking_id: z.number().int(),
  court: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  booking_status: z.string(),
  price: ZMoney,
  organiser: z.string(),
  /** What the organiser pays to confirm the booking: the price less the other players' shares. */
  organiser_share: ZMoney,
  /** What the organiser has paid of it, and how (null while nothing is paid). */
  organiser_paid: ZMoney,
  organiser_paid_with: z.enum(ORGANISER_PAID_WITH).nullable(),
  /** Shares unpaid at this instant are charged to the organiser. */
  deadline: z.iso.datetime(),
  /** Still owed: shares neither paid nor dropped. */
  owed: ZMoney,
  players: z.array(ZBookingPlayer),
  max_players: z.number().int(),
  /** The viewer organises it and may still add or remove players. */
  can_manage: z.boolean(),
  /** The viewer organises it, but the slot starts within the deadline: no more players can be invited. */
  invitations_closed: z.boolean(),
});
export type TBookingSplit = z.infer<typeof ZBookingSplit>;

/** A share as its payer sees it (the player, or the organiser once it is charged to them). */
export const ZBookingShare = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  court: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  organiser: z.string(),
  share: ZMoney,
  status: ZBookingPlayerStatus,
  paid_with: z.enum(SHARE_PAID_WITH).nullable(),
  deadline: z.iso.datetime(),
  can_pay: z.boolean(),
  can_leave: z.boolean(),
});
export type TBookingShare = z.infer<typeof ZBookingShare>;

export const ZSplitSettings = z.object({
  deadline_hours: zTextInt({ number: playerMessages.deadlineHours, whole: playerMessages.deadlineWholeHours, min: playerMessages.deadlineRange, max: playerMessages.deadlineRange }, { min: 0, max: 72 }),
});

const ZShareIdParams = ZIdParams;
const ZPlayerParams = z.object({ id: ZIdParams.shape.id, playerId: ZIdParams.shape.id });
const ZMessage = z.object({ message: z.string() });

export const bookingPlayersRoutes = {
  searchMembers: defineRoute({
    method: 'get', path: '/api/booking-players/members', tag: 'booking-players', access: 'user',
    summary: 'Cerca un socio da aggiungere alla partita (nome ed e-mail mascherata, al massimo 8)',
    query: ZPlayerSearchQuery, response: z.object({ data: z.array(ZPlayerCandidate) }),
  }),
  split: defineRoute({
    method: 'get', path: '/api/bookings/:id/players', tag: 'booking-players', access: 'user',
    summary: 'I giocatori di una prenotazione e le loro quote (solo i giocatori e lo staff)',
    params: ZIdParams, response: ZBookingSplit,
  }),
  add: defineRoute({
    method: 'post', path: '/api/bookings/:id/players', tag: 'booking-players', access: 'user',
    summary: 'L’organizzatore aggiunge un giocatore (socio o ospite per e-mail): le quote si ricalcolano e il giocatore riceve l’invito',
    params: ZIdParams, body: ZAddPlayerBody, response: ZBookingSplit, successStatus: 201,
  }),
  remove: defineRoute({
    method: 'delete', path: '/api/bookings/:id/players/:playerId', tag: 'booking-players', access: 'user',
    summary: 'L’organizzatore toglie un giocatore che non ha ancora pagato: le quote da pagare si ricalcolano',
    params: ZPlayerParams, response: ZBookingSplit,
  }),
  mine: defineRoute({
    method: 'get', path: '/api/me/booking-shares', tag: 'booking-players', access: 'user',
    summary: 'Le partite a cui sono invitato e le quote a mio carico',
    response: z.object({ data: z.array(ZBookingShare) }),
  }),
  show: defineRoute({
    method: 'get', path: '/api/booking-shares/:id', tag: 'booking-players', access: 'user',
    summary: 'Una quota da pagare (del giocatore, o dell’organizzatore se gli è stata addebitata)',
    params: ZShareIdParams, response: ZBookingShare,
  }),
  checkout: defineRoute({
    method: 'post', path: '/api/booking-shares/:id/checkout', tag: 'booking-players', access: 'user',
    summary: 'Paga la quota con carta: apre Stripe Checkout',
    params: ZShareIdParams, response: z.object({ checkout_url: z.string() }),
  }),
  payWithCredit: defineRoute({
    method: 'post', path: '/api/booking-shares/:id/pay-with-credit', tag: 'booking-players', access: 'user',
    summary: 'Paga la quota con il credito',
    params: ZShareIdParams, response: ZMessage,
  }),
  leave: defineRoute({
    method: 'post', path: '/api/booking-shares/:id/leave', tag: 'booking-players', access: 'user',
    summary: 'Il giocatore lascia la partita prima di pagare: le quote da pagare si ricalcolano',
    params: ZShareIdParams, response: ZMessage,
  }),
  collect: defineRoute({
    method: 'post', path: '/api/admin/booking-shares/:id/collect', tag: 'booking-players', access: 'staff',
    summary: 'Incassa in segreteria la quota di un giocatore (contanti, POS o bonifico)',
    params: ZShareIdParams, body: ZMarkPaidBody, response: ZMessage,
  }),
  settings: defineRoute({
    method: 'get', path: '/api/admin/booking-players/settings', tag: 'booking-players', access: 'staff',
    summary: 'Quante ore prima della partita le quote non pagate passano all’organizzatore',
    response: ZSplitSettings,
  }),
  saveSettings: defineRoute({
    method: 'put', path: '/api/admin/booking-players/settings', tag: 'booking-players', access: 'admin',
    summary: 'Cambia la scadenza delle quote (ore prima della partita, da 0 a 72)',
    body: ZSplitSettings, response: ZSplitSettings,
  }),
};
