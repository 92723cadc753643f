// The members-register module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerMembersRegisterRoutes } from './members-register.router.js';
export { createMembersRegisterService } from './members-register.service.js';
