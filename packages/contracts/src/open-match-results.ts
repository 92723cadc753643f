// A competitive open match's result (docs/levels.md#open-match-results): a player proposes it (their
// partners and whether their side won), one of the other side confirms it, and then every player's level
// moves. A proposal not confirmed within 48 hours is dropped.
import { defineRoute, ZIdParams, zRowId } from './http.js';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

const resultMessages = defineMessages({
  partners: /* i18n */ { id: 'open_match_results.partners', message: 'Scegli i tuoi compagni di squadra tra i giocatori della partita.' },
  won: /* i18n */ { id: 'open_match_results.won', message: 'Indica se la tua squadra ha vinto o perso.' },
});

/** How long a proposed result waits for the other side's confirmation before it is dropped. */
export const RESULT_CONFIRMATION_HOURS = 48;

export const ZMatchResultBody = z.object({
  /** The proposer's teammates (users' ids): one in a 2×2, three in a 4×4. */
  partners: z.array(zRowId(resultMessages.partners), z.because(resultMessages.partners)).max(3, z.because(resultMessages.partners)),
  won: z.boolean(z.because(resultMessages.won)),
});
export type TMatchResultBody = z.input<typeof ZMatchResultBody>;

const ZResultPlayer = z.object({ user_id: z.number().int(), name: z.string() });

export const ZMatchResult = z.object({
  /** none: nobody proposed one yet (or the match is friendly, or not played yet). */
  state: z.enum(['none', 'proposed', 'confirmed', 'dropped']),
  /** The proposer's side first. */
  sides: z.tuple([z.array(ZResultPlayer), z.array(ZResultPlayer)]).nullable(),
  /** 0: the proposer's side won. */
  winner: z.union([z.literal(0), z.literal(1)]).nullable(),
  proposed_by: ZResultPlayer.nullable(),
  /** When an unconfirmed proposal is dropped. */
  expires_at: z.iso.datetime().nullable(),
  /** The viewer, a player of a competitive match that has been played, may propose (or propose again). */
  can_propose: z.boolean(),
  /** The viewer plays on the side that did not propose and may confirm. */
  can_confirm: z.boolean(),
});
export type TMatchResult = z.infer<typeof ZMatchResult>;

export const openMatchResultsRoutes = {
  show: defineRoute({
    method: 'get', path: '/api/open-matches/:id/result', tag: 'open-matches', access: 'user',
    summary: 'Il risultato di una partita competitiva: proposto, confermato o decaduto, e cosa può farne chi guarda',
    params: ZIdParams, response: ZMatchResult,
  }),
  propose: defineRoute({
    method: 'post', path: '/api/open-matches/:id/result', tag: 'open-matches', access: 'user',
    summary: 'Un giocatore propone il risultato: vale quando uno dell’altra squadra lo conferma',
    params: ZIdParams, body: ZMatchResultBody, response: ZMatchResult.extend({ message: z.string() }),
  }),
  confirm: defineRoute({
    method: 'post', path: '/api/open-matches/:id/result/confirm', tag: 'open-matches', access: 'user',
    summary: 'Un giocatore dell’altra squadra conferma il risultato: i livelli dei giocatori si muovono',
    params: ZIdParams, response: ZMatchResult.extend({ message: z.string() }),
  }),
};
