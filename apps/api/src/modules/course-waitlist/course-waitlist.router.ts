import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { CourseWaitlistService } from './course-waitlist.service.js';

export function registerCourseWaitlistRoutes(mount: MountRoute, waitlist: CourseWaitlistService) {
  const routes = api.courseWaitlist;
  mount(routes.join, ({ body }, { req }) => waitlist.join(authOf(req).user, body));
  mount(routes.mine, (_input, { req }) => waitlist.mine(authOf(req).user));
  mount(routes.accept, ({ params }, { req }) => waitlist.accept(authOf(req).user, params.id));
  mount(routes.withdraw, ({ params }, { req }) => waitlist.withdraw(authOf(req).user, params.id));
  mount(routes.ofCourse, ({ params }) => waitlist.ofCourse(params.id));
}
