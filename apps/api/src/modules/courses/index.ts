// The courses module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerCourseRoutes } from './courses.router.js';
export { createCoursesService } from './courses.service.js';
export type { CourseCancellationCause, CourseEnrolments, SessionEnrolments, SessionOfCourse } from './course-states.js';
export { recurrenceOf, sessionSpans } from './course-schedule.js';
export { coursesOfSessions } from './session-courses.js';
