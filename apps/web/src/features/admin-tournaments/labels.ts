// The back office's Italian words for a tournament's settings, states and matches.
import type { TMatchFormat, TTournamentFormat, TTournamentMatch, TTournamentSummary } from '@beach/contracts';
import type { BadgeTone } from '../../components/ui/badge';
import { formatTime } from '../../lib/format';

export const FORMAT_LABELS: Record<TTournamentFormat, string> = {
  pools_knockout: 'Gironi + eliminazione diretta',
  single_elimination: 'Eliminazione diretta',
  double_elimination: 'Doppia eliminazione',
  round_robin: 'Girone all’italiana',
  king_of_the_beach: 'King of the Beach',
};

export const MATCH_FORMAT_LABELS: Record<TMatchFormat, string> = {
  best_of_three_21: 'Al meglio dei 3 set a 21/21/15',
  one_set_21: 'Un set a 21 (anche con tempo limite)',
  beach_tennis_set_6: 'Beach tennis: un set a 6 games',
};

export const CATEGORY_LABELS: Record<TTournamentSummary['category'], string> = { men: 'Maschile', women: 'Femminile', mixed: 'Misto', open: 'Open', under: 'Under' };

export const categoryText = (tournament: Pick<TTournamentSummary, 'category' | 'under_age'>) =>
  tournament.category === 'under' ? `Under ${tournament.under_age ?? ''}`.trim() : CATEGORY_LABELS[tournament.category];

export const STATUS_BADGES: Record<TTournamentSummary['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Bozza', tone: 'neutral' },
  published: { label: 'Pubblicato', tone: 'green' },
  drawn: { label: 'Sorteggiato', tone: 'sea' },
  finished: { label: 'Concluso', tone: 'purple' },
  cancelled: { label: 'Annullato', tone: 'red' },
};

/** A knockout round by how many rounds are left before the final (a phase of its own). */
function knockoutRound(match: TTournamentMatch) {
  const left = match.rounds_in_phase - match.round + 1;
  return left === 1 ? 'Semifinale' : left === 2 ? 'Quarti di finale' : left === 3 ? 'Ottavi di finale' : left === 4 ? 'Sedicesimi di finale' : `Turno ${match.round}`;
}

/**
 * Where a match stands in the tournament: "Girone A · turno 2", "Semifinale", "Perdenti · turno 3". A double
 * elimination's winners' bracket is not a knockout to the final: its rounds go by number ("Vincenti · turno 3").
 */
export function phaseText(match: TTournamentMatch, format: TTournamentFormat): string {
  switch (match.phase) {
    case 'pool':
      return `Girone ${match.pool ?? ''} · turno ${match.round}`;
    case 'kob_pool':
      return `King of the Beach, girone ${match.pool ?? ''} · turno ${match.round}`;
    case 'knockout':
      return format === 'double_elimination' ? `Vincenti · turno ${match.round}` : knockoutRound(match);
    case 'losers':
      return `Perdenti · turno ${match.round}`;
    case 'final':
      return match.round === 2 ? 'Finale di spareggio' : 'Finale';
    case 'third_place':
      return 'Finale 3° posto';
    case 'kob_final':
      return 'King of the Beach, finale';
  }
}

/** One side: its players (or what decides it, in Italian, until known). */
/** A pair's (or a KOB player's) names; a guest not registered yet is "Ospite invitato". */
export const namesText = (names: readonly (string | null)[]) => names.map((name) => name ?? 'Ospite invitato').join(' / ');

/** Who plays a side: the names once known, else what decides it. */
export function sideText(side: TTournamentMatch['sides'][number]): string {
  if (side.names.length > 0) return namesText(side.names);
  const placeholder = side.placeholder;
  switch (placeholder?.kind) {
    case 'pool_place': return `${placeholder.place}ª girone ${placeholder.pool}`;
    case 'best': return `${placeholder.rank}ª migliore tra le ${placeholder.place}ª`;
    case 'winner': return `Vincente ${placeholder.match_key}`;
    case 'loser': return `Perdente ${placeholder.match_key}`;
    case 'bye': return 'Turno di riposo';
    case 'kob_seats': return `${placeholder.seats[0]}° e ${placeholder.seats[1]}° qualificato`;
    default: return 'Da definire';
  }
}

export const matchupText = (match: TTournamentMatch) => `${sideText(match.sides[0])} – ${sideText(match.sides[1])}`;

/** "21-18, 19-21, 15-12". */
export const setsText = (sets: TTournamentMatch['sets']) => (sets ?? []).map((set) => `${set.a}-${set.b}`).join(', ');

/** Where and when a match is placed ("C3 16:30"), or that it is not. */
export const placeText = (court: string | null, at: string | null) => (court && at ? `${court} ${formatTime(at)}` : 'non in programma');
