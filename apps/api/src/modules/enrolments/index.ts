// The enrolments module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerEnrolmentsRoutes } from './enrolments.router.js';
export { createEnrolmentsService } from './enrolments.service.js';
export type { EnrolmentsService } from './enrolments.service.js';
export { busiestSessionCount, liveEnrolmentWhere } from './live-enrolments.js';
export type { HeldPlace } from './enrol.js';
export type { PlaceHandOff } from './enrolment-places.js';
export { lockEnrolment } from './enrolment-places.js';
export { ENROLMENT_MESSAGES, participantName } from './enrolment-terms.js';
export { overdueInstalmentsOf } from './instalment-reminders.js';
export { createInstalments, instalmentPlan } from './instalments.js';
