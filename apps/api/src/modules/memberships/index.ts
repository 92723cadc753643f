// The memberships module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAdminMembershipsRoutes } from './admin-memberships.router.js';
export { createAdminMembershipsService } from './admin-memberships.service.js';
export { birthPlaceOf, fiscalCheckCharacterProblem, fiscalCodeFor, fiscalCodeProblem } from './fiscal-code.js';
export { ageProblem, inSeason, membershipMessages, newQrToken, seasonOf, seasonOpening } from './membership-terms.js';
export { VERIFY_PATH, WITH_PAYMENTS, holderOf, toMyMembershipDto, toVerificationDto } from './memberships.dto.js';
export { registerMembershipsRoutes, verificationLimit } from './memberships.router.js';
export { lockMembership } from './membership-lock.js';
export { createMembershipsService } from './memberships.service.js';
export type { MembershipsService } from './memberships.service.js';
