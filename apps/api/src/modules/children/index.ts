// The children module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { childrenOf, eraseChildrenOf } from './child-records.js';
export { registerChildrenRoutes } from './children.router.js';
export { createChildrenService } from './children.service.js';
