import { permissionsForRole, ROLE_DISPLAY_NAMES, type TCreditStatement, type TRole, type TUser } from '@beach/contracts';
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

/** A member's credit statement: by default `balance` all available and paid in (refundable), nothing set aside or owed. */
export const creditStatement = (balance = '0.00', overrides: Partial<TCreditStatement> = {}): TCreditStatement => ({
  balance,
  reserved: '0.00',
  available: balance,
  refundable: balance,
  owed: '0.00',
  refund_due: '0.00',
  refund_due_held: '0.00',
  top_up_min: '10.00',
  top_up_max: '200.00',
  confirm_above: '200.00',
  data: [],
  current_page: 1,
  last_page: 1,
  total: 0,
  per_page: 10,
  ...overrides,
});
