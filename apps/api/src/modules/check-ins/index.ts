// The check-ins module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerCheckInsRoutes } from './check-ins.router.js';
export { checkInsOfMember, createCheckInsService } from './check-ins.service.js';
export { readCard } from './check-in-terms.js';
export { checkedInBookings } from './checked-in.js';
