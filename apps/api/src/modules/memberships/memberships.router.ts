import { api, type TApiError } from '@beach/contracts';
import { rateLimit } from 'express-rate-limit';
import type { Db } from '../../lib/db.js';
import type { MountRoute } from '../../lib/http.js';
import { languageOf, render } from '../../lib/i18n.js';
import { PostgresRateLimitStore } from '../../lib/rate-limit-store.js';
import { authOf } from '../auth/index.js';
import { membershipMessages } from './membership-terms.js';
import type { MembershipsService } from './memberships.service.js';

/** Scanning cards at the desk is a few a minute; guessing tokens would be thousands. */
const VERIFICATIONS_PER_MINUTE = 30;

/** Per address, for every route that reads a card from its QR (the public page and the desk's check-in);
 * counted in PostgreSQL so the limit holds for a client across every API process. */
export const verificationLimit = (db: Db) =>
  rateLimit({
    store: new PostgresRateLimitStore(db, 'card-verification:'),
    windowMs: 60_000,
    limit: VERIFICATIONS_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res, _next, options) => {
      const body: TApiError = { message: render(languageOf(res), membershipMessages.tooManyVerifications) };
      res.status(options.statusCode).json(body);
    },
  });

export function registerMembershipsRoutes(mount: MountRoute, memberships: MembershipsService, db: Db) {
  mount(api.memberships.mine, async (_input, { req }) => ({ data: await memberships.mine(authOf(req).user) }));
  mount(api.memberships.quote, ({ body }, { req }) => memberships.quote(authOf(req).user, body));
  mount(api.memberships.create, ({ body }, { req }) => memberships.create(authOf(req).user, body));
  mount(api.memberships.checkout, ({ params }, { req }) => memberships.checkout(authOf(req).user, params.id));
  mount(api.memberships.cancel, ({ params }, { req }) => memberships.cancel(authOf(req).user, params.id));
  mount(api.memberships.pdf, async ({ params }, { req, res }) => {
    const { file, filename } = await memberships.pdf(authOf(req).user, params.id);
    res.type('application/pdf').attachment(filename).set('Cache-Control', 'private, no-store').send(file);
  });
  mount(api.memberships.verify, ({ params }) => memberships.verify(params.token), { before: [verificationLimit(db)] });
}
