// The health module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerHealthRoutes } from './health.router.js';
