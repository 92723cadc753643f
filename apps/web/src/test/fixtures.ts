import { permissionsForRole, ROLE_DISPLAY_NAMES, type TRole, type TUser } from '@beach/contracts';
import { session } from '../lib/session';

export function userWithRole(role: TRole, overrides: Partial<TUser> = {}): TUser {
  return {
    id: 7,
    first_name: 'Giulia',
    last_name: 'Rossi',
    email: 'giulia@esempio.it',
    phone: null,
    birth_date: null,
    role,
    role_display_name: ROLE_DISPLAY_NAMES[role],
    is_admin: role === 'admin',
    permissions: permissionsForRole(role),
    ...overrides,
  };
}

export function signIn(role: TRole, { remember = false, token = 'token-1' } = {}) {
  session.save({ token, user: userWithRole(role), remember });
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
