import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { BookingPlayersService } from './booking-players.service.js';

export function registerBookingPlayersRoutes(mount: MountRoute, players: BookingPlayersService) {
  const routes = api.bookingPlayers;
  mount(routes.searchMembers, ({ query }, { req }) => players.searchMembers(authOf(req).user, query));
  mount(routes.split, ({ params }, { req }) => players.split(authOf(req).user, params.id));
  mount(routes.add, ({ params, body }, { req }) => players.add(authOf(req).user, params.id, body));
  mount(routes.remove, ({ params }, { req }) => players.remove(authOf(req).user, params.id, params.playerId));
  mount(routes.mine, (_input, { req }) => players.mine(authOf(req).user));
  mount(routes.show, ({ params }, { req }) => players.show(authOf(req).user, params.id));
  mount(routes.checkout, ({ params }, { req }) => players.checkout(authOf(req).user, params.id));
  mount(routes.payWithCredit, ({ params }, { req }) => players.payWithCredit(authOf(req).user, params.id));
  mount(routes.collect, ({ params, body }, { req }) => players.collect(authOf(req).user, params.id, body));
  mount(routes.leave, ({ params }, { req }) => players.leave(authOf(req).user, params.id));
  mount(routes.settings, () => players.settings());
  mount(routes.saveSettings, ({ body }) => players.saveSettings(body));
}
