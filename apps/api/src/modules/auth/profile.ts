// A signed-in user's own account: their details and their password.
import { type api, authMessages, type BodyOf, type TUpdateProfileBody } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { invalid } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { fromIsoDateOrNull } from '../../lib/time.js';
import { toUserDto } from './user-dto.js';

export function createProfile({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return {
    async updateProfile(userId: number, body: TUpdateProfileBody) {
      const user = await db.user.update({
        where: { id: userId },
        data: { firstName: body.first_name, lastName: body.last_name, phone: body.phone, birthDate: fromIsoDateOrNull(body.birth_date), locale: body.locale },
      });
      return toUserDto(user);
    },

    /** The other sessions end with the old password; this one goes on. */
    async changePassword(user: User, sessionId: string, body: BodyOf<typeof api.auth.changePassword>) {
      if (!(await verifyPassword(body.current_password, user.passwordHash))) throw invalid({ current_password: [authMessages.wrongCurrentPassword] });
      const passwordHash = await hashPassword(body.password, config.BCRYPT_COST);
      await db.$transaction([
        db.user.update({ where: { id: user.id }, data: { passwordHash } }),
        db.authSession.updateMany({ where: { userId: user.id, id: { not: sessionId }, revokedAt: null }, data: { revokedAt: new Date() } }),
      ]);
      return { message: authMessages.passwordChanged };
    },
  };
}
