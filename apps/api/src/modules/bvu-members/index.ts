// The bvu-members module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerBvuMembersRoutes } from './bvu-members.router.js';
export { createBvuMembersService } from './bvu-members.service.js';
