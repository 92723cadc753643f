// The association module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAssociationRoutes } from './association.router.js';
export { letterheadOf, readAssociation } from './association.service.js';
export type { Letterhead } from './association.service.js';
