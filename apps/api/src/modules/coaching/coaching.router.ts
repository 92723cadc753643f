import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { CoachingService } from './coaching.service.js';

export function registerCoachingRoutes(mount: MountRoute, coaching: CoachingService) {
  const routes = api.coaching;
  mount(routes.sessions, ({ query }, { req }) => coaching.sessions(authOf(req).user, query));
  mount(routes.session, ({ params }, { req }) => coaching.session(authOf(req).user, params.id));
  mount(routes.takeAttendance, ({ params, body }, { req }) => coaching.takeAttendance(authOf(req).user, params.id, body));
  mount(routes.takeAttendanceByCard, ({ params, body }, { req }) => coaching.takeAttendanceByCard(authOf(req).user, params.id, body));
}
