import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { CoursesService } from './courses.service.js';

export function registerCourseRoutes(mount: MountRoute, courses: CoursesService) {
  const routes = api.courses;
  mount(routes.list, ({ query }) => courses.list(query));
  mount(routes.coaches, () => courses.coaches());
  mount(routes.preview, ({ body }) => courses.preview(body));
  mount(routes.one, ({ params }) => courses.one(params.id));
  mount(routes.create, ({ body }, { req }) => courses.create(authOf(req).user, body));
  mount(routes.update, ({ params, body }, { req }) => courses.update(authOf(req).user, params.id, body));
  mount(routes.publish, ({ params }) => courses.publish(params.id));
  mount(routes.unpublish, ({ params }) => courses.unpublish(params.id));
  mount(routes.cancel, ({ params }, { req }) => courses.cancel(authOf(req).user, params.id));
  mount(routes.cancelSession, ({ params, body }, { req }) => courses.cancelSession(authOf(req).user, params.id, params.session_id, body));
  mount(routes.moveSession, ({ params, body }) => courses.moveSession(params.id, params.session_id, body));
}
