// How the tournaments' screens name formats, categories, statuses, levels, bracket rounds and the sides
// not yet known ("1ª girone A", "Vincente Q1"), in the page's language.
import type { ENTRY_STATUSES, PLAYER_LEVELS, TOURNAMENT_CATEGORIES, TOURNAMENT_FORMATS} from '@beach/contracts';
import { type TTournamentMatch, type TTournamentSummary } from '@beach/contracts';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BadgeTone } from '../../components/ui/badge';

export const FORMAT_NAMES: Record<(typeof TOURNAMENT_FORMATS)[number], MessageDescriptor> = {
  pools_knockout: msg`Gironi e tabellone a eliminazione`,
  single_elimination: msg`Eliminazione diretta`,
  double_elimination: msg`Doppia eliminazione`,
  round_robin: msg`Girone all’italiana`,
  king_of_the_beach: msg`King of the Beach`,
};

const CATEGORY_NAMES: Record<Exclude<(typeof TOURNAMENT_CATEGORIES)[number], 'under'>, MessageDescriptor> = {
  men: msg`Maschile`,
  women: msg`Femminile`,
  mixed: msg`Misto`,
  open: msg`Open`,
};

/** The category; an under one with its age ("Under 16"). */
export function categoryName(i18n: I18n, tournament: Pick<TTournamentSummary, 'category' | 'under_age'>): string {
  if (tournament.category !== 'under') return i18n._(CATEGORY_NAMES[tournament.category]);
  const age = tournament.under_age ?? '';
  return i18n._(msg`Under ${age}`);
}

/** A tournament with no fee to pay says "Gratuito" instead of "0,00 € a giocatore". */
export const isFree = (entryFee: string) => Number(entryFee) === 0;

/** The categories a ranking is kept for (an under one is read without its age). */
export const RANKING_CATEGORY_NAMES: Record<(typeof TOURNAMENT_CATEGORIES)[number], MessageDescriptor> = { ...CATEGORY_NAMES, under: msg`Under` };

export const ENTRY_STATUS: Record<(typeof ENTRY_STATUSES)[number], { label: MessageDescriptor; tone: BadgeTone }> = {
  pending: { label: msg`In attesa dei pagamenti`, tone: 'yellow' },
  confirmed: { label: msg`Iscritti`, tone: 'green' },
  waiting: { label: msg`In lista d’attesa`, tone: 'purple' },
  withdrawn: { label: msg`Ritirati`, tone: 'neutral' },
};

export const LEVEL_NAMES: Record<(typeof PLAYER_LEVELS)[number], MessageDescriptor> = {
  principiante: msg`Principiante`,
  intermedio: msg`Intermedio`,
  avanzato: msg`Avanzato`,
  agonista: msg`Agonista`,
};

type RoundOf = Pick<TTournamentMatch, 'phase' | 'round' | 'rounds_in_phase'>;

/**
 * How many rounds a knockout match is from the final (0: the final itself). In a single bracket the
 * final is its own phase, so the knockout's last round is the semi-finals.
 */
const roundsToFinal = (match: RoundOf) => (match.phase === 'final' ? 0 : match.rounds_in_phase - match.round + 1);

/** A knockout round's name by its distance from the final; further ones by number. */
const ROUND_NAMES: MessageDescriptor[] = [msg`Finale`, msg`Semifinali`, msg`Quarti`, msg`Ottavi`, msg`Sedicesimi`];
const ROUND_SHORT = ['F', 'S', 'Q', 'O', 'D'];

/** The name of a bracket's round: "Quarti", "Finale 3°/4° posto"; a double elimination's brackets by turn. */
export function roundName(i18n: I18n, match: RoundOf, doubleElimination = false): string {
  if (match.phase === 'third_place') return i18n._(msg`Finale 3°/4° posto`);
  if (match.phase === 'final' && match.round === 2) return i18n._(msg`Finale di spareggio`);
  if (match.phase === 'final' || match.phase === 'kob_final') return i18n._(msg`Finale`);
  const round = match.round;
  if (match.phase === 'losers') return i18n._(msg`Tabellone perdenti, turno ${round}`);
  if (doubleElimination) return i18n._(msg`Tabellone vincenti, turno ${round}`);
  const name = ROUND_NAMES[roundsToFinal(match)];
  return name ? i18n._(name) : i18n._(msg`Turno ${round}`);
}

/** A bracket match's short name, its round's letter and number ("Q1", "S2", "F"), for the sides it decides. */
export function matchShortName(match: Pick<TTournamentMatch, 'key'> & RoundOf): string {
  if (match.phase === 'final') return 'F';
  if (match.phase === 'third_place') return '3/4';
  const number = match.key.split('-').at(-1) ?? '';
  if (match.phase === 'knockout') return `${ROUND_SHORT[roundsToFinal(match)] ?? `T${match.round}.`}${number}`;
  return match.key;
}

/** A pair's (or a KOB player's) names: "Anna Rossi / Ospite invitato" for a guest not registered yet. */
export const playerNames = (i18n: I18n, names: readonly (string | null)[]) => names.map((name) => name ?? i18n._(msg`Ospite invitato`)).join(' / ');

/** Who plays a side: the names once known, else what decides it ("1ª girone A", "Vincente Q1"). */
export function sideName(i18n: I18n, side: TTournamentMatch['sides'][number], matches: readonly TTournamentMatch[]): string {
  if (side.names.length > 0) return playerNames(i18n, side.names);
  const placeholder = side.placeholder;
  if (!placeholder) return i18n._(msg`Da definire`);
  switch (placeholder.kind) {
    case 'pool_place': {
      const { place, pool } = placeholder;
      return i18n._(msg`${place}ª girone ${pool}`);
    }
    case 'best': {
      const { rank, place } = placeholder;
      return i18n._(msg`${rank}ª migliore tra le ${place}ª`);
    }
    case 'bye':
      return i18n._(msg`Turno di riposo`);
    case 'kob_seats': {
      const [first, second] = placeholder.seats;
      return i18n._(msg`${first}° e ${second}° qualificato`);
    }
    case 'winner':
    case 'loser': {
      const decider = matches.find((match) => match.key === placeholder.match_key);
      const short = decider ? matchShortName(decider) : placeholder.match_key;
      return placeholder.kind === 'winner' ? i18n._(msg`Vincente ${short}`) : i18n._(msg`Perdente ${short}`);
    }
  }
}

/** A played match's sets: "21-18, 19-21, 15-12". */
export const setsText = (sets: readonly { a: number; b: number }[]) => sets.map((set) => `${set.a}-${set.b}`).join(', ');
