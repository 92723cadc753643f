// Accounts and sessions: registration with e-mail verification, login (optionally remembered for 30
// days), refresh with rotation, logout, password reset and change, own profile.
import { type api, AUTH_MESSAGES, type BodyOf, permissionsForRole, ROLE_DISPLAY_NAMES, type TUpdateProfileBody, type TUser } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import type { TokenPurpose } from '../../generated/prisma/enums.js';
import { AppError, invalid, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/db.js';
import { fromIsoDateOrNull, toIsoDateOrNull } from '../../lib/time.js';
import { accountCreatedEmail, passwordResetEmail, verificationEmail } from './auth.emails.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle.js';
import { hashToken, newEmailToken, PLAIN_SESSION_MS, REMEMBER_ACCESS_TOKEN_SECONDS, REMEMBER_SESSION_MS, signAccessToken, verifyAccessToken } from './tokens.js';

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** The first password of an account made at the desk: the member may read the e-mail days later. */
export const ACCOUNT_CREATED_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many verification or reset e-mails per account and purpose in an hour. */
export const MAX_EMAIL_TOKENS_PER_HOUR = 5;

/** Who a user is, as every view of a user shows it. */
export const personOf = (user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'birthDate'>) => ({
  id: user.id,
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
  phone: user.phone,
  birth_date: toIsoDateOrNull(user.birthDate),
});

/** The person and their role, as the session and the users back-office show them. */
export const roledPersonOf = (user: User) => ({ ...personOf(user), role: user.role, role_display_name: ROLE_DISPLAY_NAMES[user.role] });

export function toUserDto(user: User): TUser {
  return {
    ...roledPersonOf(user),
    is_admin: user.role === 'admin',
    permissions: permissionsForRole(user.role),
  };
}

export interface ClientInfo {
  ipAddress: string;
  userAgent: string | undefined;
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'logger'>;
/** What else a registration records in its transaction: the consents given on the form (the consents module). */
type OnRegistered = (tx: Prisma.TransactionClient, userId: number, body: BodyOf<typeof api.auth.register>) => Promise<unknown>;

export function createAuthService({ db, config, jobs, logger }: Deps, onRegistered: OnRegistered) {
  /** Compared against when the e-mail is unknown, at the configured cost, so both cases take as long. */
  let unknownUserHash: Promise<string> | undefined;

  /**
   * Replaces any unused token of that purpose with a new one and returns it; null when the account
   * already had its hourly share, so nobody can flood an inbox (the caller's answer stays the same).
   */
  async function issueEmailToken(userId: number, purpose: TokenPurpose, ttlMs: number) {
    const recent = await db.userToken.count({ where: { userId, purpose, createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) } } });
    if (recent >= MAX_EMAIL_TOKENS_PER_HOUR) {
      logger.warn({ userId, purpose }, 'Troppe e-mail richieste per questo account: invio saltato');
      return null;
    }
    const { token, hash } = newEmailToken();
    await db.$transaction([
      db.userToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } }),
      db.userToken.create({ data: { userId, purpose, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) } }),
    ]);
    return token;
  }

  /** The link may carry where to go once confirmed (a page of this app: the contract checks it). */
  async function sendVerification(user: User, redirect?: string) {
    const token = await issueEmailToken(user.id, 'email_verification', EMAIL_VERIFICATION_TTL_MS);
    const then = redirect ? `?${new URLSearchParams({ redirect })}` : '';
    if (token) await jobs.send('send-email', verificationEmail(user, `${config.WEB_ORIGIN}/verify-email/${user.id}/${token}${then}`));
  }

  /** The token whose hash matches, if it is unused, unexpired and of that purpose. */
  async function consumeEmailToken(token: string, purpose: TokenPurpose) {
    const record = await db.userToken.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!record || record.purpose !== purpose || record.usedAt || record.expiresAt <= new Date()) return null;
    const { count } = await db.userToken.updateMany({ where: { id: record.id, usedAt: null }, data: { usedAt: new Date() } });
    return count === 1 ? record : null; // lost a race against another use of the same link
  }

  async function startSession(user: User, remember: boolean, client: ClientInfo) {
    const lifetimeMs = remember ? REMEMBER_SESSION_MS : PLAIN_SESSION_MS;
    const sessionRow = await db.authSession.create({
      data: { userId: user.id, remember, currentTokenId: crypto.randomUUID(), expiresAt: new Date(Date.now() + lifetimeMs), userAgent: client.userAgent?.slice(0, 500), ipAddress: client.ipAddress },
    });
    return rotateToken(sessionRow.id, sessionRow.currentTokenId, user.id, remember);
  }

  /**
   * Issues the session's next token, which replaces the previous one at once (the guard accepts only
   * the session's latest token). Presenting a token that was already rotated means it was copied or
   * replayed: the whole session ends, so neither the thief nor the owner can go on with it (refresh
   * token reuse detection, OAuth 2.0 Security BCP).
   */
  async function rotateToken(sessionId: string, previousTokenId: string, userId: number, remember: boolean) {
    const expiresIn = remember ? REMEMBER_ACCESS_TOKEN_SECONDS : PLAIN_SESSION_MS / 1000;
    const { token, tokenId } = signAccessToken(config.JWT_SECRET, { userId, sessionId }, expiresIn);
    const now = new Date();
    const { count } = await db.authSession.updateMany({
      where: { id: sessionId, currentTokenId: previousTokenId, revokedAt: null, expiresAt: { gt: now } },
      data: { currentTokenId: tokenId, lastUsedAt: now },
    });
    if (count !== 1) {
      await db.authSession.updateMany({ where: { id: sessionId, revokedAt: null, currentTokenId: { not: previousTokenId } }, data: { revokedAt: now } });
      throw unauthorized('Sessione scaduta o non valida.');
    }
    return token;
  }

  return {
    async register(body: BodyOf<typeof api.auth.register>) {
      const passwordHash = await hashPassword(body.password, config.BCRYPT_COST);
      const user = await db
        .$transaction(async (tx) => {
          const created = await tx.user.create({
            data: {
              firstName: body.first_name,
              lastName: body.last_name,
              email: body.email,
              phone: body.phone,
              birthDate: fromIsoDateOrNull(body.birth_date),
              passwordHash,
              privacyAcceptedAt: new Date(),
            },
          });
          await onRegistered(tx, created.id, body);
          return created;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw invalid({ email: [AUTH_MESSAGES.emailTaken] });
          throw error;
        });
      await sendVerification(user, body.redirect);
      return { message: AUTH_MESSAGES.registered, user: toUserDto(user) };
    },

    async login(body: BodyOf<typeof api.auth.login>, client: ClientInfo) {
      await assertLoginAllowed(db, body.email, client.ipAddress);
      const user = await db.user.findUnique({ where: { email: body.email } });
      const passwordMatches = await verifyPassword(body.password, user?.passwordHash ?? (await (unknownUserHash ??= hashPassword('utente-sconosciuto', config.BCRYPT_COST))));
      if (!user || !passwordMatches) {
        await recordLoginFailure(db, body.email, client.ipAddress);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      await clearLoginFailures(db, body.email);
      if (user.disabledAt) throw new AppError(403, AUTH_MESSAGES.accountDisabled);
      if (!user.emailVerifiedAt) throw new AppError(403, AUTH_MESSAGES.emailNotVerified);
      const accessToken = await startSession(user, body.remember, client);
      return { access_token: accessToken, remember_me: body.remember, user: toUserDto(user) };
    },

    /** Refresh of a remember-me session, presenting its latest token (expired or not). */
    async refresh(token: string | null) {
      const claims = token ? verifyAccessToken(config.JWT_SECRET, token, { allowExpired: true }) : null;
      if (!claims) throw unauthorized('Sessione scaduta o non valida.');
      const sessionRow = await db.authSession.findUnique({ where: { id: claims.sessionId }, include: { user: true } });
      if (!sessionRow?.remember || sessionRow.userId !== claims.userId) throw unauthorized('Sessione scaduta o non valida.');
      const accessToken = await rotateToken(sessionRow.id, claims.tokenId, sessionRow.userId, true);
      return { access_token: accessToken, user: toUserDto(sessionRow.user) };
    },

    async logout(sessionId: string) {
      await db.authSession.update({ where: { id: sessionId }, data: { revokedAt: new Date() } });
      return { message: AUTH_MESSAGES.loggedOut };
    },

    async updateProfile(userId: number, body: TUpdateProfileBody) {
      const user = await db.user.update({
        where: { id: userId },
        data: { firstName: body.first_name, lastName: body.last_name, phone: body.phone, birthDate: fromIsoDateOrNull(body.birth_date) },
      });
      return toUserDto(user);
    },

    async changePassword(user: User, sessionId: string, body: BodyOf<typeof api.auth.changePassword>) {
      if (!(await verifyPassword(body.current_password, user.passwordHash))) throw invalid({ current_password: [AUTH_MESSAGES.wrongCurrentPassword] });
      const passwordHash = await hashPassword(body.password, config.BCRYPT_COST);
      await db.$transaction([
        db.user.update({ where: { id: user.id }, data: { passwordHash } }),
        db.authSession.updateMany({ where: { userId: user.id, id: { not: sessionId }, revokedAt: null }, data: { revokedAt: new Date() } }),
      ]);
      return { message: AUTH_MESSAGES.passwordChanged };
    },

    async verifyEmail(userId: number, token: string) {
      const record = await consumeEmailToken(token, 'email_verification');
      if (!record || record.userId !== userId) throw new AppError(400, AUTH_MESSAGES.verificationInvalid);
      await db.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
      return { message: AUTH_MESSAGES.emailVerified };
    },

    async resendVerification(email: string) {
      const user = await db.user.findUnique({ where: { email } });
      if (user && !user.emailVerifiedAt) await sendVerification(user);
      return { message: AUTH_MESSAGES.verificationSent };
    },

    async forgotPassword(email: string) {
      const user = await db.user.findUnique({ where: { email } });
      if (user) {
        const token = await issueEmailToken(user.id, 'password_reset', PASSWORD_RESET_TTL_MS);
        if (token) await jobs.send('send-email', passwordResetEmail(user, `${config.WEB_ORIGIN}/reset-password?token=${token}`));
      }
      return { message: AUTH_MESSAGES.resetSent };
    },

    /** Sends a new account made at the desk the link to choose its password (a reset token). */
    async sendAccountCreated(user: User) {
      const token = await issueEmailToken(user.id, 'password_reset', ACCOUNT_CREATED_TTL_MS);
      if (token) await jobs.send('send-email', accountCreatedEmail(user, `${config.WEB_ORIGIN}/reset-password?token=${token}`));
    },

    async resetPassword(body: BodyOf<typeof api.auth.resetPassword>) {
      const record = await consumeEmailToken(body.token, 'password_reset');
      if (!record) throw new AppError(400, AUTH_MESSAGES.resetInvalid);
      const passwordHash = await hashPassword(body.password, config.BCRYPT_COST);
      const now = new Date();
      // Opening the link proves the address is theirs; every open session ends.
      await db.$transaction([
        db.user.update({ where: { id: record.userId }, data: { passwordHash, emailVerifiedAt: now } }),
        db.authSession.updateMany({ where: { userId: record.userId, revokedAt: null }, data: { revokedAt: now } }),
      ]);
      return { message: AUTH_MESSAGES.passwordReset };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
