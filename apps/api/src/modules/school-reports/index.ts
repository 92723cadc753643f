// The school-reports module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerSchoolReportsRoutes } from './school-reports.router.js';
export { createSchoolReportsService } from './school-reports.service.js';
