// Open matches (docs/open-matches.md): a member offers the places of their booking to other members; each
// pays their part when they join. A competitive match has a level range: a member outside it asks first.
import { defineRoute, ZIdParams, zTextRowId } from './http.js';
import { defineMessages } from './messages.js';
import { ZMoney } from './money.js';
import { ZIsoDate, ZMessage } from './auth.js';
import { ZDeskPaymentMethod } from './admin-bookings.js';
import * as z from './zod-i18n.js';

const openMatchMessages = defineMessages({
  format: /* i18n */ { id: 'open_matches.format', message: 'Scegli il tipo di partita.' },
  gender: /* i18n */ { id: 'open_matches.gender', message: 'Scegli chi può giocare.' },
  level: /* i18n */ { id: 'open_matches.level', message: 'Indica un livello da 0 a 7, con al più un decimale.' },
  range: /* i18n */ { id: 'open_matches.range', message: 'Una partita competitiva ha un livello minimo e uno massimo, il minimo non sopra il massimo.' },
  friendlyRange: /* i18n */ { id: 'open_matches.friendly_range', message: 'Una partita amichevole non ha un livello.' },
  payWith: /* i18n */ { id: 'open_matches.pay_with', message: 'Scegli come pagare la tua quota.' },
  booking: /* i18n */ { id: 'open_matches.booking', message: 'Scegli la prenotazione su cui aprire la partita.' },
  filter: /* i18n */ { id: 'open_matches.filter', message: 'Filtro non valido.' },
  walkIn: /* i18n */ { id: 'open_matches.walk_in', message: 'Scegli il socio da aggiungere alla partita.' },
  walkInName: /* i18n */ { id: 'open_matches.walk_in_name', message: 'Scrivi nome e cognome del giocatore (al massimo 120 caratteri).' },
  walkInWho: /* i18n */ { id: 'open_matches.walk_in_who', message: 'Scegli un socio oppure scrivi il nome di chi non ha un account, non entrambi.' },
});

/** Each format says its sport and how many play (docs/open-matches.md#the-match). */
export const OPEN_MATCH_FORMATS = {
  volley_2x2: { sport: 'beach_volley', players: 4 },
  volley_4x4: { sport: 'beach_volley', players: 8 },
  tennis_doubles: { sport: 'beach_tennis', players: 4 },
  footvolley_2x2: { sport: 'foot_volley', players: 4 },
} as const;
export type TOpenMatchFormat = keyof typeof OPEN_MATCH_FORMATS;
export const ZOpenMatchFormat = z.enum(Object.keys(OPEN_MATCH_FORMATS) as [TOpenMatchFormat, ...TOpenMatchFormat[]], z.because(openMatchMessages.format));
export const OPEN_MATCH_SPORTS = ['beach_volley', 'beach_tennis', 'foot_volley'] as const;
export const OPEN_MATCH_GENDERS = ['women', 'men', 'mixed', 'open'] as const;
/** Morning until 13, afternoon until 18, evening after (Rome time). */
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
/** A match as a member sees it: open, full (every place paid), kept by its organiser, or cancelled. */
export const OPEN_MATCH_STATES = ['open', 'full', 'kept', 'cancelled'] as const;

/** A level on the 0–7 scale with one decimal at most. */
export const ZLevel = z
  .number(z.because(openMatchMessages.level))
  .min(0, z.because(openMatchMessages.level))
  .max(7, z.because(openMatchMessages.level))
  .refine((level) => Math.abs(level * 10 - Math.round(level * 10)) < 1e-9, z.because(openMatchMessages.level));

/** What kind of match it is: shared by a member's match and the admin's automatic-match rules. */
export const ZMatchTerms = z.object({
  format: ZOpenMatchFormat,
  competitive: z.boolean(),
  level_min: ZLevel.nullable().optional(),
  level_max: ZLevel.nullable().optional(),
  gender: z.enum(OPEN_MATCH_GENDERS, z.because(openMatchMessages.gender)),
});

/** A competitive match has a level range, a friendly one none. */
export function refineMatchTerms(body: z.infer<typeof ZMatchTerms>, ctx: z.RefinementCtx) {
  const hasRange = body.level_min != null || body.level_max != null;
  if (body.competitive && (body.level_min == null || body.level_max == null || body.level_min > body.level_max))
    ctx.addIssue({ code: 'custom', path: ['level_max'], ...z.issueBecause(openMatchMessages.range) });
  if (!body.competitive && hasRange) ctx.addIssue({ code: 'custom', path: ['level_min'], ...z.issueBecause(openMatchMessages.friendlyRange) });
}

export const ZOpenMatchBody = ZMatchTerms.extend({
  booking_id: z.number(z.because(openMatchMessages.booking)).int().positive().max(2_147_483_647),
  note: z.string().trim().max(500).optional(),
}).superRefine(refineMatchTerms);
export type TOpenMatchBody = z.input<typeof ZOpenMatchBody>;

export const ZOpenMatchQuery = z.object({
  sport: z.enum(OPEN_MATCH_SPORTS, z.because(openMatchMessages.filter)).optional(),
  date: z.iso.date(z.because(openMatchMessages.filter)).optional(),
  time_of_day: z.enum(TIMES_OF_DAY, z.because(openMatchMessages.filter)).optional(),
  at_my_level: z.enum(['true', 'false'], z.because(openMatchMessages.filter)).optional(),
});

export const ZJoinBody = z.object({ pay_with: z.enum(['credit', 'card'], z.because(openMatchMessages.payWith)) });
export const ZAnswerBody = z.object({ accept: z.boolean() });
export const ZRequestParams = z.object({ id: zTextRowId(), requestId: zTextRowId() });
export const ZWithdrawRefusalBody = z.object({ player_id: z.number().int().positive().max(2_147_483_647) });

export const ZOpenMatchPlayer = z.object({
  /** Null for a walk-in without an account, added by the desk by name (no level either). */
  user_id: z.number().int().nullable(),
  name: z.string(),
  organiser: z.boolean(),
  /** The member's level in the match's sport, when known (docs/open-matches.md#levels). */
  level: z.number().nullable(),
  is_me: z.boolean(),
  /** Left after the cut-off: their place is offered, and they play unless someone takes it and pays. */
  leaving: z.boolean(),
});

export const ZOpenMatchRequest = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  is_me: z.boolean(),
  /** Every player in has accepted: the member may join and pay. */
  accepted: z.boolean(),
  /** Who refused (names); empty when nobody did. */
  refused_by: z.array(z.object({ user_id: z.number().int(), name: z.string() })),
  /** Whether the viewer (a player) has answered, and how. */
  my_answer: z.boolean().nullable(),
});

export const ZOpenMatch = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  sport: z.enum(OPEN_MATCH_SPORTS),
  format: ZOpenMatchFormat,
  players_count: z.number().int(),
  competitive: z.boolean(),
  level_min: z.number().nullable(),
  level_max: z.number().nullable(),
  gender: z.enum(OPEN_MATCH_GENDERS),
  note: z.string().nullable(),
  court: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  part: ZMoney,
  cutoff_at: z.iso.datetime(),
  state: z.enum(OPEN_MATCH_STATES),
  places_left: z.number().int(),
  players: z.array(ZOpenMatchPlayer),
  /** What the viewer may do: join at once, ask for a place, or nothing (already in, full, closed). */
  my_way_in: z.enum(['join', 'ask', 'asked', 'accepted', 'in', 'none']),
  /** The viewer, a player (not the organiser), may leave or offer their place: never once the match has begun. */
  can_leave: z.boolean(),
  /** Requests the viewer may see: all of them for a player, their own for an asker. */
  requests: z.array(ZOpenMatchRequest),
});
export type TOpenMatch = z.infer<typeof ZOpenMatch>;

/** A match as the desk sees it in the day planner (docs/open-matches.md#the-desk): its fill state and who is in. */
export const ZDeskMatch = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  format: ZOpenMatchFormat,
  players_count: z.number().int(),
  /** Places taken (the organiser's included) and still free; a place offered after the cut-off counts as free. */
  taken: z.number().int(),
  places_left: z.number().int(),
  state: z.enum(OPEN_MATCH_STATES),
  part: ZMoney,
  players: z.array(z.string()),
  /** A walk-in may still be added (a place free, the match taking players). */
  can_add: z.boolean(),
});
export type TDeskMatch = z.infer<typeof ZDeskMatch>;
export const ZDeskMatchesQuery = z.object({ date: ZIsoDate });
/** A member added at the desk to a free place, their part paid there. */
export const ZWalkInBody = z
  .object({
    user_id: z.number(z.because(openMatchMessages.walkIn)).int().positive().max(2_147_483_647).optional(),
    /** A walk-in without an account, by name only (docs/open-matches.md#the-desk). */
    name: z.string(z.because(openMatchMessages.walkInName)).trim().min(2, z.because(openMatchMessages.walkInName)).max(120, z.because(openMatchMessages.walkInName)).optional(),
    method: ZDeskPaymentMethod,
  })
  .refine((body) => body.user_id !== undefined || body.name !== undefined, { ...z.because(openMatchMessages.walkIn), path: ['user_id'] })
  .refine((body) => body.user_id === undefined || body.name === undefined, { ...z.because(openMatchMessages.walkInWho), path: ['name'] });
export type TWalkInBody = z.input<typeof ZWalkInBody>;

const ZJoinAnswer = z.object({ match: ZOpenMatch.nullable(), checkout_url: z.string().nullable() });

export const openMatchesRoutes = {
  list: defineRoute({
    method: 'get', path: '/api/open-matches', tag: 'open-matches', access: 'user',
    summary: 'Le partite aperte con posti liberi, filtrate per sport, giorno, fascia oraria e livello',
    query: ZOpenMatchQuery, response: z.object({ data: z.array(ZOpenMatch) }),
  }),
  show: defineRoute({
    method: 'get', path: '/api/open-matches/:id', tag: 'open-matches', access: 'user',
    summary: 'Una partita aperta: giocatori, posti, quota, tempo rimasto',
    params: ZIdParams, response: ZOpenMatch,
  }),
  open: defineRoute({
    method: 'post', path: '/api/open-matches', tag: 'open-matches', access: 'user',
    summary: 'Apre una partita sulla propria prenotazione in attesa di pagamento: poi l’organizzatore paga la sua quota',
    body: ZOpenMatchBody, response: ZOpenMatch, successStatus: 201,
  }),
  join: defineRoute({
    method: 'post', path: '/api/open-matches/:id/join', tag: 'open-matches', access: 'user',
    summary: 'Prende un posto e paga la quota (credito subito, carta con Stripe Checkout)',
    params: ZIdParams, body: ZJoinBody, response: ZJoinAnswer,
  }),
  ask: defineRoute({
    method: 'post', path: '/api/open-matches/:id/ask', tag: 'open-matches', access: 'user',
    summary: 'Chiede un posto fuori dal livello della partita: i giocatori devono accettare',
    params: ZIdParams, response: ZOpenMatch, successStatus: 201,
  }),
  answer: defineRoute({
    method: 'post', path: '/api/open-matches/:id/requests/:requestId/answer', tag: 'open-matches', access: 'user',
    summary: 'Un giocatore accetta o rifiuta una richiesta',
    params: ZRequestParams, body: ZAnswerBody, response: ZOpenMatch,
  }),
  withdrawRefusal: defineRoute({
    method: 'post', path: '/api/open-matches/:id/requests/:requestId/withdraw-refusal', tag: 'open-matches', access: 'user',
    summary: 'L’organizzatore toglie il rifiuto di un giocatore',
    params: ZRequestParams, body: ZWithdrawRefusalBody, response: ZOpenMatch,
  }),
  leave: defineRoute({
    method: 'post', path: '/api/open-matches/:id/leave', tag: 'open-matches', access: 'user',
    summary: 'Lascia la partita: prima del termine la quota torna subito; dopo, il posto è offerto e la quota torna quando un altro lo prende e paga',
    params: ZIdParams, response: ZMessage,
  }),
  preview: defineRoute({
    method: 'get', path: '/api/open-matches/:id/preview', tag: 'open-matches', access: 'public',
    summary: 'Il link da condividere: una pagina con titolo, descrizione e immagine Open Graph nella lingua di chi la apre, che porta alla partita',
    params: ZIdParams, query: z.object({ lang: z.enum(['it', 'de', 'en'], z.because(openMatchMessages.filter)).optional() }), response: z.unknown(),
  }),
  image: defineRoute({
    method: 'get', path: '/api/open-matches/:id/image.png', tag: 'open-matches', access: 'public',
    summary: 'L’immagine Open Graph della partita (PNG 1200×630): sport, giorno e ora, livello, posti rimasti, nella lingua di chi la apre',
    params: ZIdParams, query: z.object({ lang: z.enum(['it', 'de', 'en'], z.because(openMatchMessages.filter)).optional() }), response: z.unknown(),
  }),
  keep: defineRoute({
    method: 'post', path: '/api/open-matches/:id/keep', tag: 'open-matches', access: 'user',
    summary: 'L’organizzatore tiene la partita pagando con il credito le quote mancanti',
    params: ZIdParams, response: ZOpenMatch,
  }),
  deskDay: defineRoute({
    method: 'get', path: '/api/admin/open-matches', tag: 'open-matches', access: 'staff',
    summary: 'Le partite aperte di un giorno per il planner: posti presi e liberi, giocatori',
    query: ZDeskMatchesQuery, response: z.object({ data: z.array(ZDeskMatch) }),
  }),
  walkIn: defineRoute({
    method: 'post', path: '/api/admin/open-matches/:id/walk-in', tag: 'open-matches', access: 'staff',
    summary: 'Aggiunge in segreteria un socio a un posto libero, con la quota pagata in contanti, POS o bonifico',
    params: ZIdParams, body: ZWalkInBody, response: ZDeskMatch,
  }),
  onBooking: defineRoute({
    method: 'get', path: '/api/open-matches/on-booking/:id', tag: 'open-matches', access: 'user',
    summary: 'La partita aperta sulla propria prenotazione, se c’è (la pagina di pagamento porta alla partita)',
    params: ZIdParams, response: z.object({ match: ZOpenMatch.nullable() }),
  }),
};
