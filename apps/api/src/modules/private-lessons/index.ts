// The private-lessons module as the rest of the API sees it: only what is exported here may be imported
// from outside the module (eslint.config.js refuses the rest).
export { registerPrivateLessonsRoutes } from './private-lessons.router.js';
export { createPrivateLessonsService } from './private-lessons.service.js';
