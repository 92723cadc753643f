// Users in the back-office (spec §6, design §8): finding a member at the desk and changing roles.
import { ROLE_DISPLAY_NAMES, type TMemberSearchResult, type TRole } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';

export const USER_MESSAGES = {
  ownRole: 'Non puoi modificare il tuo ruolo.',
  lastAdmin: 'È l’unico amministratore: nomina prima un altro amministratore.',
  notFound: 'Utente non trovato.',
  unchanged: (role: TRole) => `Il ruolo è già ${ROLE_DISPLAY_NAMES[role]}.`,
  changed: (name: string, role: TRole) => `Ruolo di ${name} aggiornato a ${ROLE_DISPLAY_NAMES[role]}.`,
} as const;

const SEARCH_LIMIT = 10;

export function createUsersService({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** By name, e-mail, or the fiscal code of one of the member's cards. */
    async search(text: string): Promise<TMemberSearchResult[]> {
      const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      return db.$queryRaw<TMemberSearchResult[]>`
        SELECT u.id, u.first_name, u.last_name, u.email, u.phone, to_char(u.birth_date, 'YYYY-MM-DD') AS birth_date,
               (SELECT m.fiscal_code FROM memberships m WHERE m.user_id = u.id AND m.fiscal_code IS NOT NULL ORDER BY m.created_at DESC LIMIT 1) AS fiscal_code
        FROM users u
        WHERE (u.first_name || ' ' || u.last_name || ' ' || u.email) ILIKE ${pattern}
           OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.fiscal_code = upper(${text}))
        ORDER BY u.last_name, u.first_name, u.id
        LIMIT ${SEARCH_LIMIT}`;
    },

    /**
     * Never one's own role; never the last admin. Admin rows are locked first, so two admins demoting
     * each other at the same moment cannot leave the centre without one.
     */
    async changeRole(actor: User, id: number, role: TRole) {
      if (actor.id === id) throw forbidden(USER_MESSAGES.ownRole);
      return db.$transaction(async (tx) => {
        const admins = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`;
        const user = await tx.user.findUnique({ where: { id } });
        if (!user) throw notFound(USER_MESSAGES.notFound);
        if (user.role === role) return { message: USER_MESSAGES.unchanged(role), user: { id, role } };
        if (user.role === 'admin' && admins.length <= 1) throw new AppError(409, USER_MESSAGES.lastAdmin);
        await tx.user.update({ where: { id }, data: { role } });
        return { message: USER_MESSAGES.changed(`${user.firstName} ${user.lastName}`, role), user: { id, role } };
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
