// Registration and the e-mail verification that activates the account.
import { type api, authMessages, type BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { isUniqueViolation } from '../../lib/db.js';
import { AppError, invalid } from '../../lib/errors.js';
import type { Locale } from '../../lib/i18n.js';
import { hashPassword } from '../../lib/passwords.js';
import { fromIsoDateOrNull } from '../../lib/time.js';
import { verificationEmail } from './auth.emails.js';
import type { EmailTokens } from './email-tokens.js';
import { toUserDto } from './user-dto.js';

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** What else a registration records in its transaction: the consents given on the form (the consents module). */
export type OnRegistered = (tx: Prisma.TransactionClient, userId: number, body: BodyOf<typeof api.auth.register>) => Promise<unknown>;

export function createRegistration({ db, config, jobs }: Pick<AppDeps, 'db' | 'config' | 'jobs'>, emailTokens: EmailTokens, onRegistered: OnRegistered) {
  /** The link may carry where to go once confirmed (a page of this app: the contract checks it). */
  async function sendVerification(user: User, redirect?: string) {
    const token = await emailTokens.issue(user.id, 'email_verification', EMAIL_VERIFICATION_TTL_MS);
    const then = redirect ? `?${new URLSearchParams({ redirect })}` : '';
    if (token) await jobs.send('send-email', verificationEmail(user, `${config.WEB_ORIGIN}/verify-email/${user.id}/${token}${then}`));
  }

  return {
    /** The member reads the site in `locale` (the request's): their answers and e-mails will speak it. */
    async register(body: BodyOf<typeof api.auth.register>, locale: Locale) {
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
              locale,
            },
          });
          await onRegistered(tx, created.id, body);
          return created;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw invalid({ email: [authMessages.emailTaken] });
          throw error;
        });
      await sendVerification(user, body.redirect);
      return { message: authMessages.registered, user: toUserDto(user) };
    },

    async verifyEmail(userId: number, token: string) {
      const record = await emailTokens.consume(token, 'email_verification');
      if (!record || record.userId !== userId) throw new AppError(400, authMessages.verificationInvalid);
      await db.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
      return { message: authMessages.emailVerified };
    },

    async resendVerification(email: string) {
      const user = await db.user.findUnique({ where: { email } });
      if (user && !user.emailVerifiedAt) await sendVerification(user);
      return { message: authMessages.verificationSent };
    },
  };
}
