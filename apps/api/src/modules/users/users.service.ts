// Users in the back-office (docs/domain.md#roles): the list and a member's page, accounts made at the
// desk, edits, roles, disabling and erasure on request.
import { randomBytes } from 'node:crypto';
import { type api, type BodyOf, moneyToCents, type QueryOf, ROLE_DISPLAY_NAMES, type TAdminUser, type TBackOfficeUserDetail, type TMemberSearchResult, type TRole } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db.js';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { hashPassword } from '../../lib/passwords.js';
import { fromIsoDateOrNull } from '../../lib/time.js';
import { roledPersonOf, type AuthService, isAdmin } from '../auth/index.js';
import { eraseAccount } from './erasure.js';
import { memberOwed } from './member-owed.js';
import { memberRecords } from './member-records.js';

export const USER_MESSAGES = {
  ownRole: 'Non puoi modificare il tuo ruolo.',
  lastAdmin: 'È l’unico amministratore: nomina prima un altro amministratore.',
  notFound: 'Utente non trovato.',
  unchanged: (role: TRole) => `Il ruolo è già ${ROLE_DISPLAY_NAMES[role]}.`,
  changed: (name: string, role: TRole) => `Ruolo di ${name} aggiornato a ${ROLE_DISPLAY_NAMES[role]}.`,
  emailTaken: 'Esiste già un account con questo indirizzo e-mail.',
  created: (name: string) => `Utente ${name} creato. Gli abbiamo inviato un’e-mail per scegliere la password.`,
  updated: (name: string) => `Dati di ${name} aggiornati.`,
  disableSelf: 'Non puoi disattivare il tuo account.',
  disabled: (name: string) => `Account di ${name} disattivato: non può più accedere.`,
  enabled: (name: string) => `Account di ${name} riattivato.`,
  erasedCannotChange: 'I dati di questo utente sono stati cancellati: l’account non può essere modificato.',
  eraseSelf: 'Non puoi cancellare i dati del tuo account da qui.',
  erased: 'Dati personali cancellati: l’account è anonimo e chiuso, i dati contabili sono conservati.',
} as const;

export function toAdminUserDto(user: User): TAdminUser {
  return {
    ...roledPersonOf(user),
    residence: user.residence,
    email_verified: user.emailVerifiedAt !== null,
    disabled_at: user.disabledAt?.toISOString() ?? null,
    erased_at: user.erasedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

const fullName = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

const SEARCH_LIMIT = 10;

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'logger' | 'storage'>;

export function createUsersService(deps: Deps, auth: AuthService) {
  const { db } = deps;

  const findUser = async (id: number) => {
    const user = await db.user.findUnique({ where: { id } });
    if (!user) throw notFound(USER_MESSAGES.notFound);
    return user;
  };
  const findChangeableUser = async (id: number) => {
    const user = await findUser(id);
    if (user.erasedAt) throw new AppError(409, USER_MESSAGES.erasedCannotChange);
    return user;
  };
  const profileData = (body: BodyOf<typeof api.users.update>) => ({
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    phone: body.phone,
    birthDate: fromIsoDateOrNull(body.birth_date),
    residence: body.residence,
  });
  const withUniqueEmail = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid({ email: [USER_MESSAGES.emailTaken] });
      throw error;
    }
  };

  return {
    /** Newest accounts first; the search matches name and e-mail, word by word in any order. */
    async list(query: QueryOf<typeof api.users.list>) {
      const words = (query.search ?? '').split(/\s+/).filter(Boolean);
      const where: Prisma.UserWhereInput = {
        ...(query.role ? { role: query.role } : {}),
        AND: words.map((word) => ({
          OR: [
            { firstName: { contains: word, mode: 'insensitive' as const } },
            { lastName: { contains: word, mode: 'insensitive' as const } },
            { email: { contains: word, mode: 'insensitive' as const } },
          ],
        })),
      };
      const [users, total] = await Promise.all([
        db.user.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake(query) }),
        db.user.count({ where }),
      ]);
      return pagedList(users.map(toAdminUserDto), total, query);
    },

    /** Staff see the cards without their economics and no payments: those are for admins. */
    async show(viewer: User, id: number): Promise<TBackOfficeUserDetail> {
      const user = await findUser(id);
      const { memberships, bookings, payments } = await memberRecords(db, id);
      const owed = await memberOwed(db, id, bookings.reduce((total, booking) => total + moneyToCents(booking.owed), 0));
      if (isAdmin(viewer)) return { user: toAdminUserDto(user), memberships, bookings, payments, owed };
      return { user: toAdminUserDto(user), memberships: memberships.map(({ price: _price, coupon_code: _coupon, ...card }) => card), bookings, owed };
    },

    /** The desk knows the member in person: the address counts as confirmed, the password is theirs to choose. */
    async create(body: BodyOf<typeof api.users.create>) {
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), deps.config.BCRYPT_COST);
      const user = await withUniqueEmail(() =>
        db.$transaction((tx) =>
          auditRow(tx, { entity: 'users', action: 'create' }, () =>
            tx.user.create({ data: { ...profileData(body), role: body.role, passwordHash, emailVerifiedAt: new Date() } }),
          ),
        ),
      );
      await auth.sendAccountCreated(user);
      return { message: USER_MESSAGES.created(fullName(user)), user: toAdminUserDto(user) };
    },

    async update(id: number, body: BodyOf<typeof api.users.update>) {
      await findChangeableUser(id);
      const user = await withUniqueEmail(() =>
        db.$transaction((tx) => auditRow(tx, { entity: 'users', id, action: 'update' }, () => tx.user.update({ where: { id }, data: profileData(body) }))),
      );
      return { message: USER_MESSAGES.updated(fullName(user)), user: toAdminUserDto(user) };
    },

    /** Login is refused from now on and every open session ends at once. */
    async disable(actor: User, id: number) {
      if (actor.id === id) throw forbidden(USER_MESSAGES.disableSelf);
      const existing = await findChangeableUser(id);
      const now = new Date();
      const user = await db.$transaction(async (tx) => {
        await tx.authSession.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: now } });
        return auditRow(tx, { entity: 'users', id, action: 'disable' }, () => tx.user.update({ where: { id }, data: { disabledAt: existing.disabledAt ?? now } }));
      });
      return { message: USER_MESSAGES.disabled(fullName(user)), user: toAdminUserDto(user) };
    },

    async enable(id: number) {
      await findChangeableUser(id);
      const user = await db.$transaction((tx) => auditRow(tx, { entity: 'users', id, action: 'enable' }, () => tx.user.update({ where: { id }, data: { disabledAt: null } })));
      return { message: USER_MESSAGES.enabled(fullName(user)), user: toAdminUserDto(user) };
    },

    async erase(actor: User, id: number) {
      if (actor.id === id) throw forbidden(USER_MESSAGES.eraseSelf);
      const user = await eraseAccount(deps, id);
      return { message: USER_MESSAGES.erased, user: toAdminUserDto(user) };
    },

    /** By name, e-mail, or the fiscal code of one of the member's cards. */
    async search(text: string): Promise<TMemberSearchResult[]> {
      const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      return db.$queryRaw<TMemberSearchResult[]>`
        SELECT u.id, u.first_name, u.last_name, u.email, u.phone, to_char(u.birth_date, 'YYYY-MM-DD') AS birth_date,
               (SELECT m.fiscal_code FROM memberships m WHERE m.user_id = u.id AND m.fiscal_code IS NOT NULL ORDER BY m.created_at DESC LIMIT 1) AS fiscal_code,
               (SELECT m.membership_number FROM memberships m WHERE m.user_id = u.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS membership_number
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
        if (user.erasedAt) throw new AppError(409, USER_MESSAGES.erasedCannotChange);
        if (user.role === 'admin' && admins.length <= 1 && role !== 'admin') throw new AppError(409, USER_MESSAGES.lastAdmin);
        // An unchanged role is recorded too: the operator asked for it.
        await auditRow(tx, { entity: 'users', id, action: 'change-role' }, () => tx.user.update({ where: { id }, data: { role } }));
        if (user.role === role) return { message: USER_MESSAGES.unchanged(role), user: { id, role } };
        return { message: USER_MESSAGES.changed(`${user.firstName} ${user.lastName}`, role), user: { id, role } };
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
