// Tournaments (docs/tournaments.md): pairs (or single players for King of the Beach) register and each
// player pays their part of the entry fee; the organiser draws pools and brackets, places the matches on
// the tournament's courts and enters scores; a public page per tournament follows the day live.
import { ZIsoDate, ZEmail } from './auth.js';
import { DESK_TOP_UP_METHODS } from './credit.js';
import { defineRoute, ZIdParams, zRowId, zTextRowId } from './http.js';
import { localizedTitleFields, localizedTitleOutput } from './localized-titles.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZEuroInput, ZMoney } from './money.js';
import { romeInstant } from './rome-time.js';
import { ZSport } from './setups.js';
import { zInt } from './integers.js';
import * as z from './zod-i18n.js';
import type { MessageDescriptor } from '@lingui/core';

const tournamentMessages = defineMessages({
  name: /* i18n */ { id: 'tournaments.name', message: 'Indica il nome del torneo (al massimo 120 caratteri).' },
  format: /* i18n */ { id: 'tournaments.format', message: 'Scegli la formula del torneo.' },
  category: /* i18n */ { id: 'tournaments.category', message: 'Scegli la categoria.' },
  underAge: /* i18n */ { id: 'tournaments.under_age', message: 'Per la categoria under indica l’età massima (da 8 a 21 anni).' },
  matchFormat: /* i18n */ { id: 'tournaments.match_format', message: 'Scegli il formato delle partite.' },
  matchMinutes: /* i18n */ { id: 'tournaments.match_minutes', message: 'La durata prevista di una partita va da 10 a 180 minuti.' },
  timeCap: /* i18n */ { id: 'tournaments.time_cap', message: 'Il tempo limite va da 10 a 90 minuti.' },
  rest: /* i18n */ { id: 'tournaments.rest', message: 'Il riposo minimo va da 0 a 120 minuti.' },
  poolSize: /* i18n */ { id: 'tournaments.pool_size', message: 'I gironi sono da 3 o da 4.' },
  fee: /* i18n */ { id: 'tournaments.fee', message: 'La quota per giocatore va da 0 a 1.000 €.' },
  maxEntries: /* i18n */ { id: 'tournaments.max_entries', message: 'Da 2 a 128 iscritti.' },
  window: /* i18n */ { id: 'tournaments.window', message: 'Le iscrizioni devono chiudersi dopo l’apertura e prima dell’inizio del torneo.' },
  days: /* i18n */ { id: 'tournaments.days', message: 'Il torneo finisce lo stesso giorno o dopo l’inizio.' },
  courts: /* i18n */ { id: 'tournaments.courts', message: 'Indica almeno un campo con giorno e orari.' },
  courtHours: /* i18n */ { id: 'tournaments.court_hours', message: 'Orari non validi: l’inizio deve precedere la fine (HH:MM).' },
  courtDay: /* i18n */ { id: 'tournaments.court_day', message: 'Ogni giorno dei campi deve cadere tra l’inizio e la fine del torneo.' },
  rules: /* i18n */ { id: 'tournaments.rules', message: 'Il regolamento è lungo al massimo 5.000 caratteri.' },
  seeds: /* i18n */ { id: 'tournaments.seeds', message: 'Indica tutte le coppie iscritte, ciascuna una volta, nell’ordine delle teste di serie.' },
  sets: /* i18n */ { id: 'tournaments.sets', message: 'Indica i set giocati, da 1 a 3, con punteggi da 0 a 99.' },
  matchKey: /* i18n */ { id: 'tournaments.match_key', message: 'Partita non trovata.' },
  level: /* i18n */ { id: 'tournaments.level', message: 'Scegli il tuo livello.' },
  note: /* i18n */ { id: 'tournaments.note', message: 'Al massimo 300 caratteri.' },
  startsAt: /* i18n */ { id: 'tournaments.starts_at', message: 'Indica giorno e ora di inizio della partita.' },
  when: /* i18n */ { id: 'tournaments.when', message: 'Scegli tra tornei prossimi e passati.' },
});

export const TOURNAMENT_FORMATS = ['pools_knockout', 'single_elimination', 'double_elimination', 'round_robin', 'king_of_the_beach'] as const;
export const TOURNAMENT_CATEGORIES = ['men', 'women', 'mixed', 'open', 'under'] as const;
export const MATCH_FORMATS = ['best_of_three_21', 'one_set_21', 'beach_tennis_set_6'] as const;
export const TOURNAMENT_STATUSES = ['draft', 'published', 'drawn', 'finished', 'cancelled'] as const;
export const ENTRY_STATUSES = ['pending', 'confirmed', 'waiting', 'withdrawn'] as const;
/** A player's level in the partner finder. */
export const PLAYER_LEVELS = ['principiante', 'intermedio', 'avanzato', 'agonista'] as const;

export const ZTournamentFormat = z.enum(TOURNAMENT_FORMATS, z.because(tournamentMessages.format));
export const ZTournamentCategory = z.enum(TOURNAMENT_CATEGORIES, z.because(tournamentMessages.category));
export const ZMatchFormat = z.enum(MATCH_FORMATS, z.because(tournamentMessages.matchFormat));
export type TTournamentFormat = z.infer<typeof ZTournamentFormat>;
export type TMatchFormat = z.infer<typeof ZMatchFormat>;

const ZWallTime = z.string(z.because(tournamentMessages.courtHours)).regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, z.because(tournamentMessages.courtHours));
const zIntIn = (min: number, max: number, message: MessageDescriptor) => zInt(message, { min, max });

/** A court the tournament may use on a day, from..to (Rome wall time). */
export const ZTournamentCourtHours = z
  .object({ court_id: zRowId(validationMessages.court), date: ZIsoDate, from: ZWallTime, to: ZWallTime })
  .refine((hours) => hours.from < hours.to, { path: ['to'], ...z.because(tournamentMessages.courtHours) });

/** What the organiser sets up (docs/tournaments.md#set-up). */
export const ZTournamentBody = z
  .object({
    name: z.string(z.because(tournamentMessages.name)).trim().min(1, z.because(tournamentMessages.name)).max(120, z.because(tournamentMessages.name)),
    ...localizedTitleFields,
    sport: ZSport,
    category: ZTournamentCategory,
    under_age: zIntIn(8, 21, tournamentMessages.underAge).nullable().default(null),
    format: ZTournamentFormat,
    match_format: ZMatchFormat,
    match_minutes: zIntIn(10, 180, tournamentMessages.matchMinutes),
    time_cap_minutes: zIntIn(10, 90, tournamentMessages.timeCap).nullable().default(null),
    rest_minutes: zIntIn(0, 120, tournamentMessages.rest).default(20),
    pool_size: z.union([z.literal(3), z.literal(4)], z.because(tournamentMessages.poolSize)).default(4),
    /** Per player. */
    entry_fee: ZEuroInput.refine((cents) => cents >= 0 && cents <= 100_000, z.because(tournamentMessages.fee)),
    /** Pairs, or players for King of the Beach. */
    max_entries: zIntIn(2, 128, tournamentMessages.maxEntries),
    registration_opens_at: z.iso.datetime({ offset: true, ...z.because(tournamentMessages.window) }),
    registration_closes_at: z.iso.datetime({ offset: true, ...z.because(tournamentMessages.window) }),
    starts_on: ZIsoDate,
    ends_on: ZIsoDate,
    rules_text: z.string().max(5000, z.because(tournamentMessages.rules)).default(''),
    courts: z.array(ZTournamentCourtHours, z.because(tournamentMessages.courts)).min(1, z.because(tournamentMessages.courts)).max(60, z.because(tournamentMessages.courts)),
  })
  .refine((body) => (body.category === 'under') === (body.under_age !== null), { path: ['under_age'], ...z.because(tournamentMessages.underAge) })
  .refine((body) => body.ends_on >= body.starts_on, { path: ['ends_on'], ...z.because(tournamentMessages.days) })
  .refine((body) => new Date(body.registration_closes_at) > new Date(body.registration_opens_at), { path: ['registration_closes_at'], ...z.because(tournamentMessages.window) })
  // Registration closes before the tournament starts: before its first day's midnight in Rome.
  .refine((body) => new Date(body.registration_closes_at) <= new Date(romeInstant(body.starts_on, '00:00')), { path: ['registration_closes_at'], ...z.because(tournamentMessages.window) })
  .refine((body) => body.courts.every((hours) => hours.date >= body.starts_on && hours.date <= body.ends_on), { path: ['courts'], ...z.because(tournamentMessages.courtDay) });
export type TTournamentBody = z.input<typeof ZTournamentBody>;

/** A tournament as listed (public). */
export const ZTournamentSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  ...localizedTitleOutput,
  sport: ZSport,
  category: ZTournamentCategory,
  under_age: z.number().int().nullable(),
  format: ZTournamentFormat,
  match_format: ZMatchFormat,
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  /** Per player. */
  entry_fee: ZMoney,
  max_entries: z.number().int(),
  entries_taken: z.number().int(),
  registration_opens_at: z.iso.datetime(),
  registration_closes_at: z.iso.datetime(),
  status: z.enum(TOURNAMENT_STATUSES),
  /** Now between opening and closing, and published. */
  registration_open: z.boolean(),
});
export type TTournamentSummary = z.infer<typeof ZTournamentSummary>;

export const ZSetScore = z.object({ a: zIntIn(0, 99, tournamentMessages.sets), b: zIntIn(0, 99, tournamentMessages.sets) });
export type TSetScore = z.infer<typeof ZSetScore>;
export const ZScoreBody = z.object({
  sets: z.array(ZSetScore, z.because(tournamentMessages.sets)).min(1, z.because(tournamentMessages.sets)).max(3, z.because(tournamentMessages.sets)),
});
export type TScoreBody = z.input<typeof ZScoreBody>;

/** The players of a pair (or a KOB player) by name; null for a guest invited by e-mail who has not registered yet. */
export const ZPlayerNames = z.array(z.string().nullable());

/** One side of a match: the pair (or two KOB players) once known, else what decides it ("1ª del girone A"). */
export const ZMatchSide = z.object({
  entry_id: z.number().int().nullable(),
  /** The players' names once known; none while `placeholder` says what decides the side. */
  names: ZPlayerNames,
  placeholder: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('winner'), match_key: z.string() }),
      z.object({ kind: z.literal('loser'), match_key: z.string() }),
      z.object({ kind: z.literal('pool_place'), pool: z.string(), place: z.number().int() }),
      z.object({ kind: z.literal('best'), place: z.number().int(), rank: z.number().int() }),
      z.object({ kind: z.literal('bye') }),
      /** A King of the Beach final's side: two of its qualifiers by seat (1 the best ranked). */
      z.object({ kind: z.literal('kob_seats'), seats: z.tuple([z.number().int(), z.number().int()]) }),
    ])
    .nullable(),
});

export const ZTournamentMatch = z.object({
  key: z.string(),
  phase: z.enum(['pool', 'knockout', 'losers', 'final', 'third_place', 'kob_pool', 'kob_final']),
  pool: z.string().nullable(),
  round: z.number().int(),
  rounds_in_phase: z.number().int(),
  sides: z.tuple([ZMatchSide, ZMatchSide]),
  /** not_needed: a double elimination's reset final when the unbeaten pair won the grand final. */
  status: z.enum(['waiting', 'ready', 'played', 'bye', 'not_needed']),
  sets: z.array(ZSetScore).nullable(),
  winner: z.enum(['a', 'b']).nullable(),
  court: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  called_at: z.iso.datetime().nullable(),
  /** A player's score waiting for the other pair's confirmation. */
  proposed_sets: z.array(ZSetScore).nullable(),
});
export type TTournamentMatch = z.infer<typeof ZTournamentMatch>;

export const ZStandingRow = z.object({
  entry_id: z.number().int(),
  names: ZPlayerNames,
  played: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  sets_won: z.number().int(),
  sets_lost: z.number().int(),
  points_won: z.number().int(),
  points_lost: z.number().int(),
  rank: z.number().int(),
});

/** A registered pair (or KOB player) as the public sees it: names only. */
export const ZPublicEntry = z.object({ id: z.number().int(), seed: z.number().int().nullable(), names: ZPlayerNames, ranking_points: z.number().int() });

/** The live page's data: everything the public page, the TV mode and the organiser's board show. */
export const ZTournamentLive = ZTournamentSummary.extend({
  rules_text: z.string(),
  courts: z.array(z.object({ court_id: z.number().int(), code: z.string(), starts_at: z.iso.datetime(), ends_at: z.iso.datetime(), lit: z.boolean() })),
  entries: z.array(ZPublicEntry),
  matches: z.array(ZTournamentMatch),
  pools: z.array(z.object({ pool: z.string(), complete: z.boolean(), rows: z.array(ZStandingRow) })),
  placements: z.array(z.object({ entry_id: z.number().int(), place: z.number().int(), names: ZPlayerNames })),
  /** Bumped by every change shown here: a page polls and redraws only when it moves. */
  live_version: z.number().int(),
});
export type TTournamentLive = z.infer<typeof ZTournamentLive>;

/** A player of one of my entries, with what they owe (members see their partner's state, not their money). */
export const ZMyEntryPlayer = z.object({
  id: z.number().int(),
  name: z.string(),
  me: z.boolean(),
  /** A guest invited by e-mail who has not registered yet. */
  invited: z.boolean(),
  paid: z.boolean(),
  /** What this player still owes of their part (mine only; '0.00' for the partner's). */
  owed: ZMoney,
});
export const ZMyEntry = z.object({
  id: z.number().int(),
  tournament: ZTournamentSummary,
  status: z.enum(ENTRY_STATUSES),
  players: z.array(ZMyEntryPlayer),
  /** A waiting entry offered a freed place: pay by then to take it. */
  offered_until: z.iso.datetime().nullable(),
  /** The next match of this entry, once placed ("Tocca a voi: campo C3 alle 16:30" once called). */
  next_match: z.object({ key: z.string(), court: z.string().nullable(), starts_at: z.iso.datetime().nullable(), called: z.boolean() }).nullable(),
});
export type TMyEntry = z.infer<typeof ZMyEntry>;

export const ZTournamentRegisterBody = z.object({
  /** The partner: a member's or a guest's e-mail (a guest is invited to register). None for King of the Beach. */
  partner_email: ZEmail.nullable().default(null),
});
export type TTournamentRegisterBody = z.input<typeof ZTournamentRegisterBody>;
export const ZEntryAnswer = z.object({ message: z.string(), entry: ZMyEntry });

export const ZPartnerPostBody = z.object({
  level: z.enum(PLAYER_LEVELS, z.because(tournamentMessages.level)),
  note: z.string().trim().max(300, z.because(tournamentMessages.note)).default(''),
});
export type TPartnerPostBody = z.input<typeof ZPartnerPostBody>;
export const ZPartnerAnswerBody = z.object({ message: z.string().trim().max(300, z.because(tournamentMessages.note)).default('') });
export const ZPartnerPost = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.enum(PLAYER_LEVELS),
  note: z.string(),
  mine: z.boolean(),
  created_at: z.iso.datetime(),
  /** Answers: the poster sees them all; another member only whether they answered. */
  answers: z.array(z.object({ id: z.number().int(), name: z.string(), message: z.string() })),
  answered_by_me: z.boolean(),
});
export type TPartnerPost = z.infer<typeof ZPartnerPost>;

/** The list's tabs: the tournaments to come or being played ("Prossimi"), or those over ("Passati"). */
export const TOURNAMENT_LIST_TABS = ['upcoming', 'past'] as const;
export const ZTournamentsQuery = z.object({ when: z.enum(TOURNAMENT_LIST_TABS, z.because(tournamentMessages.when)).default('upcoming') });
export type TTournamentsQuery = z.input<typeof ZTournamentsQuery>;
export const ZRankingQuery = z.object({ sport: ZSport.default('beach_volley'), category: ZTournamentCategory.default('open') });
export type TRankingQuery = z.input<typeof ZRankingQuery>;
export const ZRankingRow = z.object({ rank: z.number().int(), user_id: z.number().int(), name: z.string(), points: z.number().int(), tournaments: z.number().int() });

/** An entry as the organiser sees it: players with what each paid and owes. */
export const ZAdminEntry = z.object({
  id: z.number().int(),
  status: z.enum(ENTRY_STATUSES),
  seed: z.number().int().nullable(),
  ranking_points: z.number().int(),
  created_at: z.iso.datetime(),
  players: z.array(z.object({ id: z.number().int(), user_id: z.number().int().nullable(), name: z.string(), email: z.string(), paid: z.boolean(), owed: ZMoney })),
});
export type TAdminEntry = z.infer<typeof ZAdminEntry>;
export const ZAdminTournament = ZTournamentLive.extend({
  under_age: z.number().int().nullable(),
  match_minutes: z.number().int(),
  time_cap_minutes: z.number().int().nullable(),
  rest_minutes: z.number().int(),
  pool_size: z.number().int(),
  court_hours: z.array(ZTournamentCourtHours),
  admin_entries: z.array(ZAdminEntry),
});
export type TAdminTournament = z.infer<typeof ZAdminTournament>;

export const ZMatchParams = z.object({ id: zTextRowId(), key: z.string().regex(/^[A-Za-z0-9-]{1,24}$/, z.because(tournamentMessages.matchKey)) });
export const ZSeedsBody = z.object({ entry_ids: z.array(zRowId(), z.because(tournamentMessages.seeds)).min(2, z.because(tournamentMessages.seeds)).max(128, z.because(tournamentMessages.seeds)) });
export const ZMoveMatchBody = z.object({ court_id: zRowId(validationMessages.court), starts_at: z.iso.datetime({ offset: true, ...z.because(tournamentMessages.startsAt) }) });
export type TMoveMatchBody = z.input<typeof ZMoveMatchBody>;
/** What a move shifted: each match that moved, from where to where (null: not placed). */
export const ZShifted = z.array(z.object({ key: z.string(), from: z.iso.datetime().nullable(), to: z.iso.datetime().nullable(), court_from: z.string().nullable(), court_to: z.string().nullable() }));
export const ZTournamentAnswer = z.object({ message: z.string(), tournament: ZAdminTournament });
/** Money taken at the desk for a player's part (or every part of an entry), as for an enrolment's. */
export const ZTournamentDeskBody = z.object({ method: z.enum(DESK_TOP_UP_METHODS, z.because(validationMessages.deskTopUpMethod)) });
export type TTournamentDeskBody = z.input<typeof ZTournamentDeskBody>;

export const tournamentsRoutes = {
  list: defineRoute({
    method: 'get', path: '/api/tournaments', tag: 'tournaments', access: 'public',
    summary: 'I tornei pubblicati: prossimi e in corso (when=upcoming), o conclusi (when=past, dal più recente)',
    query: ZTournamentsQuery, response: z.object({ data: z.array(ZTournamentSummary) }),
  }),
  live: defineRoute({
    method: 'get', path: '/api/tournaments/:id', tag: 'tournaments', access: 'public',
    summary: 'Un torneo dal vivo: iscritti, gironi e classifiche, tabellone, orari e risultati', params: ZIdParams, response: ZTournamentLive,
  }),
  ranking: defineRoute({
    method: 'get', path: '/api/rankings', tag: 'tournaments', access: 'public',
    summary: 'La classifica del circolo per sport e categoria: i migliori risultati di ogni giocatore negli ultimi 365 giorni',
    query: ZRankingQuery, response: z.object({ data: z.array(ZRankingRow) }),
  }),
  register: defineRoute({
    method: 'post', path: '/api/tournaments/:id/entries', tag: 'tournaments', access: 'user', successStatus: 201,
    summary: 'Iscrive una coppia (me e il compagno, socio o ospite invitato per e-mail); ognuno paga la sua quota. Al completo: in lista d’attesa',
    params: ZIdParams, body: ZTournamentRegisterBody, response: ZEntryAnswer,
  }),
  mine: defineRoute({
    method: 'get', path: '/api/me/tournament-entries', tag: 'tournaments', access: 'user',
    summary: 'Le mie iscrizioni ai tornei, con le quote e la prossima partita', response: z.object({ data: z.array(ZMyEntry) }),
  }),
  checkout: defineRoute({
    method: 'post', path: '/api/me/tournament-entries/:id/checkout', tag: 'tournaments', access: 'user',
    summary: 'Paga con la carta (Stripe Checkout) la mia quota di un’iscrizione', params: ZIdParams, response: z.object({ checkout_url: z.string() }),
  }),
  payWithCredit: defineRoute({
    method: 'post', path: '/api/me/tournament-entries/:id/pay-with-credit', tag: 'tournaments', access: 'user',
    summary: 'Paga con il mio credito la mia quota di un’iscrizione', params: ZIdParams, response: ZEntryAnswer,
  }),
  withdraw: defineRoute({
    method: 'post', path: '/api/me/tournament-entries/:id/withdraw', tag: 'tournaments', access: 'user',
    summary: 'Ritira la coppia prima della chiusura delle iscrizioni: ognuno riceve indietro la propria quota pagata',
    params: ZIdParams, response: z.object({ message: z.string() }),
  }),
  partnerPosts: defineRoute({
    method: 'get', path: '/api/tournaments/:id/partner-posts', tag: 'tournaments', access: 'user',
    summary: 'Chi cerca un compagno o una compagna per il torneo', params: ZIdParams, response: z.object({ data: z.array(ZPartnerPost) }),
  }),
  postPartner: defineRoute({
    method: 'post', path: '/api/tournaments/:id/partner-posts', tag: 'tournaments', access: 'user', successStatus: 201,
    summary: 'Pubblica "cerco compagno/a" con il proprio livello', params: ZIdParams, body: ZPartnerPostBody, response: z.object({ message: z.string(), post: ZPartnerPost }),
  }),
  answerPartner: defineRoute({
    method: 'post', path: '/api/partner-posts/:id/answers', tag: 'tournaments', access: 'user', successStatus: 201,
    summary: 'Risponde a chi cerca un compagno', params: ZIdParams, body: ZPartnerAnswerBody, response: z.object({ message: z.string() }),
  }),
  acceptPartner: defineRoute({
    method: 'post', path: '/api/partner-answers/:id/accept', tag: 'tournaments', access: 'user', successStatus: 201,
    summary: 'Chi cercava accetta una risposta: la coppia è iscritta e ognuno paga la sua quota', params: ZIdParams, response: ZEntryAnswer,
  }),
  closePartnerPost: defineRoute({
    method: 'delete', path: '/api/partner-posts/:id', tag: 'tournaments', access: 'user',
    summary: 'Ritira il proprio annuncio', params: ZIdParams, response: z.object({ message: z.string() }),
  }),
  proposeScore: defineRoute({
    method: 'post', path: '/api/tournaments/:id/matches/:key/score', tag: 'tournaments', access: 'user',
    summary: 'Un giocatore di una delle due coppie inserisce il punteggio; vale quando l’altra coppia lo conferma',
    params: ZMatchParams, body: ZScoreBody, response: z.object({ message: z.string() }),
  }),
  confirmScore: defineRoute({
    method: 'post', path: '/api/tournaments/:id/matches/:key/confirm', tag: 'tournaments', access: 'user',
    summary: 'Un giocatore dell’altra coppia conferma il punteggio proposto: classifiche e tabellone si aggiornano',
    params: ZMatchParams, response: z.object({ message: z.string() }),
  }),
  adminList: defineRoute({
    method: 'get', path: '/api/admin/tournaments', tag: 'tournaments', access: 'admin',
    summary: 'Tutti i tornei, anche in bozza', response: z.object({ data: z.array(ZTournamentSummary) }),
  }),
  adminGet: defineRoute({
    method: 'get', path: '/api/admin/tournaments/:id', tag: 'tournaments', access: 'admin',
    summary: 'Un torneo con le impostazioni, le coppie e le quote di ogni giocatore', params: ZIdParams, response: ZAdminTournament,
  }),
  create: defineRoute({
    method: 'post', path: '/api/admin/tournaments', tag: 'tournaments', access: 'admin', successStatus: 201,
    summary: 'Crea un torneo (in bozza) con i campi che può usare', body: ZTournamentBody, response: ZTournamentAnswer,
  }),
  update: defineRoute({
    method: 'put', path: '/api/admin/tournaments/:id', tag: 'tournaments', access: 'admin',
    summary: 'Modifica un torneo non ancora sorteggiato', params: ZIdParams, body: ZTournamentBody, response: ZTournamentAnswer,
  }),
  publish: defineRoute({
    method: 'post', path: '/api/admin/tournaments/:id/publish', tag: 'tournaments', access: 'admin',
    summary: 'Pubblica un torneo in bozza: compare sul sito e le iscrizioni si aprono alla data', params: ZIdParams, response: ZTournamentAnswer,
  }),
  cancel: defineRoute({
    method: 'post', path: '/api/admin/tournaments/:id/cancel', tag: 'tournaments', access: 'admin',
    summary: 'Annulla un torneo: ogni quota pagata torna a chi l’ha pagata, i campi si liberano', params: ZIdParams, response: ZTournamentAnswer,
  }),
  seeds: defineRoute({
    method: 'put', path: '/api/admin/tournaments/:id/seeds', tag: 'tournaments', access: 'admin',
    summary: 'Cambia l’ordine delle teste di serie (di partenza: dalla classifica del circolo)', params: ZIdParams, body: ZSeedsBody, response: ZTournamentAnswer,
  }),
  draw: defineRoute({
    method: 'post', path: '/api/admin/tournaments/:id/draw', tag: 'tournaments', access: 'admin',
    summary: 'Sorteggia gironi e tabellone con le coppie confermate, a iscrizioni chiuse', params: ZIdParams, response: ZTournamentAnswer,
  }),
  schedule: defineRoute({
    method: 'post', path: '/api/admin/tournaments/:id/schedule', tag: 'tournaments', access: 'admin',
    summary: 'Mette le partite sui campi del torneo: in ordine, con il riposo, dopo le partite da cui dipendono, con la luce del giorno',
    params: ZIdParams, response: ZTournamentAnswer.extend({ unplaced: z.array(z.string()) }),
  }),
  moveMatch: defineRoute({
    method: 'put', path: '/api/admin/tournaments/:id/matches/:key/slot', tag: 'tournaments', access: 'admin',
    summary: 'Sposta una partita su un campo e a un’ora: le successive si ripianificano; risponde con ciò che si è spostato',
    params: ZMatchParams, body: ZMoveMatchBody, response: ZTournamentAnswer.extend({ shifted: ZShifted }),
  }),
  score: defineRoute({
    method: 'put', path: '/api/admin/tournaments/:id/matches/:key/score', tag: 'tournaments', access: 'admin',
    summary: 'L’organizzatore inserisce o corregge il punteggio di una partita', params: ZMatchParams, body: ZScoreBody, response: ZTournamentAnswer,
  }),
  call: defineRoute({
    method: 'post', path: '/api/admin/tournaments/:id/matches/:key/call', tag: 'tournaments', access: 'admin',
    summary: 'Chiama in campo le due coppie: "Tocca a voi: campo C3 alle 16:30" per e-mail e sullo schermo', params: ZMatchParams, response: ZTournamentAnswer,
  }),
  collectPlayer: defineRoute({
    method: 'post', path: '/api/admin/tournament-players/:id/collect', tag: 'tournaments', access: 'admin',
    summary: 'Incassa in segreteria quanto un giocatore deve della sua quota (contanti, POS o bonifico): la coppia è confermata quando tutto è pagato',
    params: ZIdParams, body: ZTournamentDeskBody, response: ZTournamentAnswer,
  }),
  collectEntry: defineRoute({
    method: 'post', path: '/api/admin/tournament-entries/:id/collect', tag: 'tournaments', access: 'admin',
    summary: 'Incassa in segreteria tutte le quote ancora dovute di una coppia: la coppia è confermata',
    params: ZIdParams, body: ZTournamentDeskBody, response: ZTournamentAnswer,
  }),
  withdrawEntry: defineRoute({
    method: 'post', path: '/api/admin/tournament-entries/:id/withdraw', tag: 'tournaments', access: 'admin',
    summary: 'Ritira una coppia prima del sorteggio: ogni quota pagata torna a chi l’ha pagata, il posto passa alla lista d’attesa',
    params: ZIdParams, response: ZTournamentAnswer,
  }),
};
