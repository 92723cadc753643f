// The rain-checks module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerRainChecksRoutes } from './rain-checks.router.js';
export { createRainChecksService } from './rain-checks.service.js';
