// A forgotten password chosen again through a link sent by e-mail; an account made at the desk gets
// the same kind of link to choose its first one.
import { type api, authMessages, type BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { accountCreatedEmail, passwordResetEmail } from './auth.emails.js';
import type { EmailTokens } from './email-tokens.js';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** The first password of an account made at the desk: the member may read the e-mail days later. */
export const ACCOUNT_CREATED_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function createPasswordReset({ db, config, jobs }: Pick<AppDeps, 'db' | 'config' | 'jobs'>, emailTokens: EmailTokens) {
  return {
    async forgotPassword(email: string) {
      const user = await db.user.findUnique({ where: { email } });
      if (user) {
        const token = await emailTokens.issue(user.id, 'password_reset', PASSWORD_RESET_TTL_MS);
        if (token) await jobs.send('send-email', passwordResetEmail(user, `${config.WEB_ORIGIN}/reset-password?token=${token}`));
      }
      return { message: authMessages.resetSent };
    },

    /** Sends a new account made at the desk the link to choose its password (a reset token). */
    async sendAccountCreated(user: User) {
      const token = await emailTokens.issue(user.id, 'password_reset', ACCOUNT_CREATED_TTL_MS);
      if (token) await jobs.send('send-email', accountCreatedEmail(user, `${config.WEB_ORIGIN}/reset-password?token=${token}`));
    },

    async resetPassword(body: BodyOf<typeof api.auth.resetPassword>) {
      const record = await emailTokens.consume(body.token, 'password_reset');
      if (!record) throw new AppError(400, authMessages.resetInvalid);
      const passwordHash = await hashPassword(body.password, config.BCRYPT_COST);
      const now = new Date();
      // Opening the link proves the address is theirs; every open session ends.
      await db.$transaction([
        db.user.update({ where: { id: record.userId }, data: { passwordHash, emailVerifiedAt: now } }),
        db.authSession.updateMany({ where: { userId: record.userId, revokedAt: null }, data: { revokedAt: now } }),
      ]);
      return { message: authMessages.passwordReset };
    },
  };
}
