// The broadcasts module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerBroadcastsRoutes } from './broadcasts.router.js';
export { BROADCAST_MESSAGES, createBroadcastsService } from './broadcasts.service.js';
