// The open-matches module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerOpenMatchesRoutes } from './open-matches.router.js';
export { createOpenMatchesService } from './open-matches.service.js';
export { memberLevel } from './match-terms.js';
export { registerMatchResultsRoutes } from './match-results.router.js';
export { createMatchResults } from './match-results.js';
export { lockOpenMatch } from './join-match.js';
export { payPlaceAtDesk } from './desk-matches.js';
