// A user as the API shows it: the person, their role, and what the session may do.
import { permissionsForRole, ROLE_DISPLAY_NAMES, type TUser, ZLocale } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { toIsoDateOrNull } from '../../lib/time.js';

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
    locale: ZLocale.parse(user.locale),
  };
}
