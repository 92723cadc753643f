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
    // One query on every request: the token's user, provided the session it names is theirs, still open,
    // and this is its latest token (a refresh ends the previous one at once). A disabled account's
    // sessions are revoked with it; `disabledAt` covers any left behind.
    const user = await db.user.findFirst({
      where: {
        id: claims.userId,
        disabledAt: null,
        sessions: { some: { id: claims.sessionId, currentTokenId: claims.tokenId, revokedAt: null, expiresAt: { gt: new Date() } } },
      },
    });
    if (!user) throw unauthorized('Sessione scaduta o non valida.');
    return { user, sessionId: claims.sessionId };
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
