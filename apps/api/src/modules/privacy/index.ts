// The privacy module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerPrivacyRoutes } from './privacy.router.js';
export { createPrivacyService } from './privacy.service.js';
