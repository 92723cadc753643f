// The year-close module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerYearCloseRoutes } from './year-close.router.js';
export { createYearCloseService } from './year-close.service.js';
