// The auth module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAuthRoutes } from './auth.router.js';
export { createAuthService } from './auth.service.js';
export type { AuthService } from './auth.service.js';
export { authOf, createAccessGuards, isAdmin, isStaff } from './guards.js';
export { newEmailToken } from './tokens.js';
export { startSession } from './sessions.js';
export { OWN_MONEY, refuseOwnMoney } from './own-money.js';
export { personOf, roledPersonOf, toUserDto } from './user-dto.js';
