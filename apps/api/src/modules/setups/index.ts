// The setups module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAdminSetupsRoutes } from './setups.router.js';
export { createSetupsService } from './setups.service.js';
