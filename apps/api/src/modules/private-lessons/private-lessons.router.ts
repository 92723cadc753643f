import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { PrivateLessonsService } from './private-lessons.service.js';

export function registerPrivateLessonsRoutes(mount: MountRoute, lessons: PrivateLessonsService) {
  const routes = api.privateLessons;
  mount(routes.coachSlots, ({ query }, { req }) => lessons.coachSlots(authOf(req).user, query));
  mount(routes.publish, ({ body }, { req }) => lessons.publish(authOf(req).user, body));
  mount(routes.withdraw, ({ params }, { req }) => lessons.withdraw(authOf(req).user, params.id));
  mount(routes.open, () => lessons.open());
  mount(routes.book, ({ params }, { req }) => lessons.book(authOf(req).user, params.id));
}
