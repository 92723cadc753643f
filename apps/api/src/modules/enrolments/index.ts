// The enrolments module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerEnrolmentsRoutes } from './enrolments.router.js';
export { createEnrolmentsService } from './enrolments.service.js';
export type { EnrolmentsService } from './enrolments.service.js';
export { liveEnrolmentWhere } from './live-enrolments.js';
export { participantName } from './enrolment-terms.js';
export { createInstalments, instalmentPlan } from './instalments.js';
