import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { EnrolmentsService } from './enrolments.service.js';

export function registerEnrolmentsRoutes(mount: MountRoute, enrolments: EnrolmentsService) {
  const routes = api.enrolments;
  mount(routes.openCourses, () => enrolments.openCourses());
  mount(routes.enrol, ({ body }, { req }) => enrolments.enrol(authOf(req).user, body));
  mount(routes.participants, (_input, { req }) => enrolments.participants(authOf(req).user));
  mount(routes.mine, (_input, { req }) => enrolments.mine(authOf(req).user));
  mount(routes.checkout, ({ params, body }, { req }) => enrolments.checkout(authOf(req).user, params.id, body));
  mount(routes.payWithCredit, ({ params, body }, { req }) => enrolments.payWithCredit(authOf(req).user, params.id, body));
  mount(routes.cancelMine, ({ params }, { req }) => enrolments.cancelMine(authOf(req).user, params.id));
  mount(routes.ofMember, ({ params }) => enrolments.ofMember(params.id));
  mount(routes.collect, ({ params, body }, { req }) => enrolments.collect(authOf(req).user, params.id, body));
  mount(routes.cancel, ({ params }, { req }) => enrolments.cancel(authOf(req).user, params.id));
}
