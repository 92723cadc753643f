// The one-use links sent by e-mail (address verification, password reset): only each token's hash is
// stored, and an account gets a few an hour at most.
import type { AppDeps } from '../../deps.js';
import type { TokenPurpose } from '../../generated/prisma/enums.js';
import { hashToken, newEmailToken } from './tokens.js';

/** At most this many verification or reset e-mails per account and purpose in an hour. */
export const MAX_EMAIL_TOKENS_PER_HOUR = 5;

export function createEmailTokens({ db, logger }: Pick<AppDeps, 'db' | 'logger'>) {
  return {
    /**
     * Replaces any unused token of that purpose with a new one and returns it; null when the account
     * already had its hourly share, so nobody can flood an inbox (the caller's answer stays the same).
     */
    async issue(userId: number, purpose: TokenPurpose, ttlMs: number) {
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
    },

    /** The token whose hash matches, if it is unused, unexpired and of that purpose. */
    async consume(token: string, purpose: TokenPurpose) {
      const record = await db.userToken.findUnique({ where: { tokenHash: hashToken(token) } });
      if (!record || record.purpose !== purpose || record.usedAt || record.expiresAt <= new Date()) return null;
      const { count } = await db.userToken.updateMany({ where: { id: record.id, usedAt: null }, data: { usedAt: new Date() } });
      return count === 1 ? record : null; // lost a race against another use of the same link
    },
  };
}

export type EmailTokens = ReturnType<typeof createEmailTokens>;
