// The tournaments' four screens behind one lazily loaded import: the route table (part of the first
// paint) names the chunk once, not four times.
export { default as TournamentsPage } from './tournaments-page';
export { default as TournamentPage } from './tournament-page';
export { default as TournamentTvPage } from './tournament-tv-page';
export { default as RankingPage } from './ranking-page';
