// The courts module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAdminCourtsRoutes } from './admin-courts.router.js';
export { createAdminCourtsService } from './admin-courts.service.js';
export { registerCourtsRoutes } from './courts.router.js';
export { createCourtsService } from './courts.service.js';
export { courtNames } from './court-names.js';
export { closuresBetween, courtsInOrder } from './court-reads.js';
export type { ClosureSpan, CourtOnMap } from './court-reads.js';
