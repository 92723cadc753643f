// The carnets module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerCarnetRoutes } from './carnets.router.js';
export { createCarnetsService } from './carnets.service.js';
