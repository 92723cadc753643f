// The users module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { eraseAccount } from './erasure.js';
export { memberRecords } from './member-records.js';
export { registerUsersRoutes } from './users.router.js';
export { createUsersService } from './users.service.js';
export { namesOf } from './user-names.js';
export type { UserName } from './user-names.js';
export { contactsOf } from './user-contacts.js';
export type { UserContact } from './user-contacts.js';
