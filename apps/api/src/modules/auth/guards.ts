// The authorisation middleware every protected route goes through (chosen by the route's contract).
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { Prisma, readRows } from '../../lib/db.js';
import { errorMessages, forbidden, unauthorized } from '../../lib/errors.js';
import { type AccessGuards, startEarlyRead } from '../../lib/http.js';
import { useAccountLanguage } from '../../lib/i18n.js';
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
export const isCoachOrStaff = (user: Pick<User, 'role'>) => user.role === 'coach' || isStaff(user);

/** The users columns under the names of Prisma's User: the compiler holds the list to the model's fields. */
const USER_COLUMNS = Prisma.raw(
  Object.entries({
    id: 'id',
    firstName: 'first_name',
    lastName: 'last_name',
    email: 'email',
    phone: 'phone',
    birthDate: 'birth_date',
    residence: 'residence',
    locale: 'locale',
    passwordHash: 'password_hash',
    role: 'role',
    emailVerifiedAt: 'email_verified_at',
    privacyAcceptedAt: 'privacy_accepted_at',
    calendarToken: 'calendar_token',
    disabledAt: 'disabled_at',
    erasedAt: 'erased_at',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  } satisfies Record<keyof User, string>)
    .map(([field, column]) => `u.${column} AS "${field}"`)
    .join(', '),
);

export function createAccessGuards({ db, config }: Pick<AppDeps, 'db' | 'config'>): AccessGuards {
  const authenticate = async (req: Request, res: Response): Promise<Authenticated> => {
    const token = bearerToken(req.headers.authorization);
    const claims = token ? verifyAccessToken(config.JWT_SECRET, token) : null;
    if (!claims) throw unauthorized();
    // The route's read, if it has one, runs beside the session check (lib/http.ts, MountOptions.early).
    startEarlyRead(res, claims.userId);
    // One query on every request, by the session's key: the token counts only if the session it names is
    // its user's, still open, and this is its latest token (a refresh ends the previous one at once). A
    // disabled account's sessions are revoked with it; `disabled_at` covers any left behind. Read past
    // Prisma's client and prepared once per connection (readRows): it runs before every signed-in request.
    const [user] = await readRows<User>(
      db,
      Prisma.sql`SELECT ${USER_COLUMNS} FROM auth_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ${claims.sessionId} AND s.user_id = ${claims.userId} AND s.current_token_id = ${claims.tokenId}
          AND s.revoked_at IS NULL AND s.expires_at > ${new Date()} AND u.disabled_at IS NULL`,
      'session-user',
    );
    if (!user) throw unauthorized(errorMessages.sessionInvalid);
    return { user, sessionId: claims.sessionId };
  };

  const guard =
    (allowed: (user: User) => boolean): RequestHandler =>
    async (req, res, next) => {
      req.auth = await authenticate(req, res);
      // A member's answers speak their language unless the request named one.
      useAccountLanguage(res, req.auth.user.locale);
      if (!allowed(req.auth.user)) throw forbidden();
      next();
    };

  return { user: guard(() => true), coach: guard(isCoachOrStaff), staff: guard(isStaff), admin: guard(isAdmin) };
}
