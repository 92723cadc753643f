// Sessions: login (optionally remembered for 30 days), refresh with rotation, logout.
import { type api, authMessages, type BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError, errorMessages, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle.js';
import { PLAIN_SESSION_MS, REMEMBER_ACCESS_TOKEN_SECONDS, REMEMBER_SESSION_MS, signAccessToken, verifyAccessToken } from './tokens.js';
import { toUserDto } from './user-dto.js';

export interface ClientInfo {
  ipAddress: string;
  userAgent: string | undefined;
}

type SessionDeps = Pick<AppDeps, 'db' | 'config'>;

/** Starts a session as a login does and returns its first token (tests start their members' sessions here too). */
export async function startSession({ db, config }: SessionDeps, userId: number, remember: boolean, client: ClientInfo) {
  const lifetimeMs = remember ? REMEMBER_SESSION_MS : PLAIN_SESSION_MS;
  const sessionRow = await db.authSession.create({
    data: { userId, remember, currentTokenId: crypto.randomUUID(), expiresAt: new Date(Date.now() + lifetimeMs), userAgent: client.userAgent?.slice(0, 500), ipAddress: client.ipAddress },
  });
  return rotateToken({ db, config }, sessionRow.id, sessionRow.currentTokenId, userId, remember);
}

/**
 * Issues the session's next token, which replaces the previous one at once (the guard accepts only
 * the session's latest token). Presenting a token that was already rotated means it was copied or
 * replayed: the whole session ends, so neither the thief nor the owner can go on with it (refresh
 * token reuse detection).
 */
async function rotateToken({ db, config }: SessionDeps, sessionId: string, previousTokenId: string, userId: number, remember: boolean) {
  const expiresIn = remember ? REMEMBER_ACCESS_TOKEN_SECONDS : PLAIN_SESSION_MS / 1000;
  const { token, tokenId } = signAccessToken(config.JWT_SECRET, { userId, sessionId }, expiresIn);
  const now = new Date();
  const { count } = await db.authSession.updateMany({
    where: { id: sessionId, currentTokenId: previousTokenId, revokedAt: null, expiresAt: { gt: now } },
    data: { currentTokenId: tokenId, lastUsedAt: now },
  });
  if (count !== 1) {
    await db.authSession.updateMany({ where: { id: sessionId, revokedAt: null, currentTokenId: { not: previousTokenId } }, data: { revokedAt: now } });
    throw unauthorized(errorMessages.sessionInvalid);
  }
  return token;
}

export function createSessions({ db, config }: SessionDeps) {
  /** Compared against when the e-mail is unknown, at the configured cost, so both cases take as long. */
  let unknownUserHash: Promise<string> | undefined;

  return {
    async login(body: BodyOf<typeof api.auth.login>, client: ClientInfo) {
      await assertLoginAllowed(db, body.email, client.ipAddress);
      const user = await db.user.findUnique({ where: { email: body.email } });
      const passwordMatches = await verifyPassword(body.password, user?.passwordHash ?? (await (unknownUserHash ??= hashPassword('utente-sconosciuto', config.BCRYPT_COST))));
      if (!user || !passwordMatches) {
        await recordLoginFailure(db, body.email, client.ipAddress);
        throw unauthorized(authMessages.invalidCredentials);
      }
      await clearLoginFailures(db, body.email);
      if (user.disabledAt) throw new AppError(403, authMessages.accountDisabled);
      if (!user.emailVerifiedAt) throw new AppError(403, authMessages.emailNotVerified);
      const accessToken = await startSession({ db, config }, user.id, body.remember, client);
      return { access_token: accessToken, remember_me: body.remember, user: toUserDto(user) };
    },

    /** Refresh of a remember-me session, presenting its latest token (expired or not). */
    async refresh(token: string | null) {
      const claims = token ? verifyAccessToken(config.JWT_SECRET, token, { allowExpired: true }) : null;
      if (!claims) throw unauthorized(errorMessages.sessionInvalid);
      const sessionRow = await db.authSession.findUnique({ where: { id: claims.sessionId }, include: { user: true } });
      if (!sessionRow?.remember || sessionRow.userId !== claims.userId) throw unauthorized(errorMessages.sessionInvalid);
      const accessToken = await rotateToken({ db, config }, sessionRow.id, claims.tokenId, sessionRow.userId, true);
      return { access_token: accessToken, user: toUserDto(sessionRow.user) };
    },

    async logout(sessionId: string) {
      await db.authSession.update({ where: { id: sessionId }, data: { revokedAt: new Date() } });
      return { message: authMessages.loggedOut };
    },
  };
}
