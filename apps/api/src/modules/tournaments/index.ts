// The tournaments module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerTournamentsRoutes } from './tournaments.router.js';
export { createTournamentsService } from './tournaments.service.js';
export type { TournamentsService } from './tournaments.service.js';
export { TOURNAMENT_MESSAGES } from './tournament-terms.js';
export { lockTournamentPlayer } from './player-lock.js';
export { registerTournamentDayRoutes } from './tournament-day.router.js';
export { createTournamentDayService } from './tournament-day.service.js';
export type { TournamentDayService } from './tournament-day.service.js';
// For the demo data (db/seed-demo-tournaments.ts): the same engine, scheduler and points as the organiser's.
export { createDraw, matchesOf, placements, recordResult } from './draw/index.js';
export { schedule } from './schedule/index.js';
export { pointsForPlace } from './ranking.js';
