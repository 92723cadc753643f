// Levels as the rest of the API sees it (docs/levels.md): the routes, the service, and the one entry point
// a competitive result moves levels through.
export { registerLevelsRoutes } from './levels.router.js';
export { createLevelsService } from './levels.service.js';
export type { LevelsService } from './levels.service.js';
export { applyCompetitiveResult } from './competitive-result.js';
export type { CompetitiveResult } from './competitive-result.js';
export { levelInSport, levelsInSports } from './member-level.js';
