// Rate limit of failed logins, per account and per client address, counted in the database so it
// holds across restarts and instances.
import type { Db } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { withValues } from '../../lib/i18n.js';

const tooManyAttempts = /* i18n */ {
  id: 'api.auth.too_many_attempts',
  message: '{minutes, plural, one {Troppi tentativi di accesso. Riprova tra # minuto.} other {Troppi tentativi di accesso. Riprova tra # minuti.}}',
};

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export async function assertLoginAllowed(db: Db, email: string, ipAddress: string, now = new Date()) {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const checks = [
    { where: { email, createdAt: { gt: since } }, limit: MAX_FAILURES_PER_ACCOUNT },
    { where: { ipAddress, createdAt: { gt: since } }, limit: MAX_FAILURES_PER_ADDRESS },
  ];
  for (const { where, limit } of checks) {
    const recent = await db.loginFailure.findMany({ where, orderBy: { createdAt: 'desc' }, take: limit, select: { createdAt: true } });
    if (recent.length < limit) continue;
    // Allowed again when the oldest of the last `limit` failures leaves the window.
    const retryAfterSeconds = Math.max(1, Math.ceil((recent[limit - 1]!.createdAt.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new AppError(429, withValues(tooManyAttempts, { minutes }), undefined, { 'Retry-After': String(retryAfterSeconds) });
  }
}

export const recordLoginFailure = (db: Db, email: string, ipAddress: string) => db.loginFailure.create({ data: { email, ipAddress } });

export const clearLoginFailures = (db: Db, email: string) => db.loginFailure.deleteMany({ where: { email } });
