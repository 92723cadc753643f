// Nobody handles money on their own account (docs/domain.md#own-money): a staff member's desk money on
// their own account — a top-up, a correction, a refund, a collection, a sale — is an admin's. A child's
// money is on its parent's account (the parent enrols and pays), so a child's counts as the parent's own.
import type { User } from '../../generated/prisma/client.js';
import { forbidden } from '../../lib/errors.js';
import type { Message } from '../../lib/i18n.js';
import { isAdmin } from './guards.js';

export const OWN_MONEY = /* i18n */ { id: 'api.auth.own_money', message: 'Non puoi registrare denaro sul tuo conto (o dei tuoi figli): chiedi a un amministratore.' };

/** 403 when a staff member who is not an admin moves money on an account that is theirs (any of `accountUserIds`). */
export function refuseOwnMoney(staff: Pick<User, 'id' | 'role'>, accountUserIds: readonly (number | null)[], message: Message = OWN_MONEY): void {
  if (!isAdmin(staff) && accountUserIds.includes(staff.id)) throw forbidden(message);
}
