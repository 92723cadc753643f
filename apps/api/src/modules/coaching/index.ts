// The coaching module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerCoachingRoutes } from './coaching.router.js';
export { createCoachingService } from './coaching.service.js';
export type { CoachingService } from './coaching.service.js';
