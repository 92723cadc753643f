// The authorisation middleware every protected route goes through (chosen by the route's contract).
import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { AccessGuards } from '../../lib/http.js';
import { bearerToken, verifyAccessToken } from './tokens.js';

export interface Authenticated {
  user: User;
  sessionId: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own way to type req extensions
  namespace Express {
    interface Request {
      auth?: Authenticated;
    }
  }
}

/** The signed-in user of a request that passed a guard. */
export function authOf(req: Request): Authenticated {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export const isStaff = (user: Pick<User, 'role'>) => user.role === 'staff' || user.role === 'admin';
export const isAdmin = (user: Pick<User, 'role'>) => user.role === 'admin';

export function createAccessGuards({ db, config }: Pick<AppDeps, 'db' | 'config'>): AccessGuards {
  const authenticate = async (req: Request): Promise<Authenticated> => {
    const token = bearerToken(req.headers.authorization);
    const claims = token ? verifyAccessToken(config.JWT_SECRET, token) : null;
    if (!claims) throw unauthorized();
    // One query on every request, by the session's key: the token counts only if the session it names is
    // its user's, still open, and this is its latest token (a refresh ends the previous one at once). A
    // disabled account's sessions are revoked with it; `disabledAt` covers any left behind. (Read by key and
    // checked here: a relation filter asking the same costs Prisma twice the CPU on the busiest routes.)
    const session = await db.authSession.findUnique({ where: { id: claims.sessionId }, include: { user: true } });
    const open =
      session !== null &&
      session.userId === claims.userId &&
      session.currentTokenId === claims.tokenId &&
      session.revokedAt === null &&
      session.expiresAt > new Date() &&
      session.user.disabledAt === null;
    if (!open) throw unauthorized('Sessione scaduta o non valida.');
    return { user: session.user, sessionId: session.id };
  };

  const guard =
    (allowed: (user: User) => boolean): RequestHandler =>
    async (req, _res, next) => {
      req.auth = await authenticate(req);
      if (!allowed(req.auth.user)) throw forbidden();
      next();
    };

  return { user: guard(() => true), staff: guard(isStaff), admin: guard(isAdmin) };
}
