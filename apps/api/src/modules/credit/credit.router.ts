import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { CreditService } from './credit.service.js';

export function registerCreditRoutes(mount: MountRoute, credit: CreditService) {
  const routes = api.credit;
  mount(routes.mine, ({ query }, { req }) => credit.mine(authOf(req).user, query));
  mount(routes.topUp, ({ body }, { req }) => credit.topUp(authOf(req).user, body));
  mount(routes.payBooking, ({ params }, { req }) => credit.payBooking(authOf(req).user, params.id));
  mount(routes.payMembership, ({ params }, { req }) => credit.payMembership(authOf(req).user, params.id));
  mount(routes.show, ({ params, query }) => credit.show(params.id, query));
  mount(routes.deskTopUp, ({ params, body }, { req }) => credit.deskTopUp(authOf(req).user, params.id, body));
  mount(routes.settings, () => credit.settings());
  mount(routes.saveSettings, ({ body }) => credit.saveSettings(body));
  mount(routes.adjust, ({ params, body }, { req }) => credit.adjust(authOf(req).user, params.id, body));
  mount(routes.refund, ({ params, body }, { req }) => credit.refund(authOf(req).user, params.id, body));
  mount(routes.payRefundDue, ({ params, body }, { req }) => credit.payRefundDue(authOf(req).user, params.id, body));
  mount(routes.corrections, ({ query }) => credit.corrections(query));
  mount(api.memberDebt.settle, ({ params, body }, { req }) => credit.settleDebt(authOf(req).user, params.id, body));
  mount(api.memberDebt.checkout, (_input, { req }) => credit.payDebtOnline(authOf(req).user));
}
