// The consents module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerConsentsRoutes } from './consents.router.js';
export { consentsOf, createConsentsService, recordRegistrationConsents, unsubscribeLinks } from './consents.service.js';
