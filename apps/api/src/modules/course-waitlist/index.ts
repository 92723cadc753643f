// The school's fair waiting list as the rest of the API sees it (docs/school.md#waiting-list).
export { registerCourseWaitlistRoutes } from './course-waitlist.router.js';
export { createCourseWaitlistService } from './course-waitlist.service.js';
export type { CourseWaitlistService } from './course-waitlist.service.js';
export { createPlaceHandOff } from './place-hand-off.js';
