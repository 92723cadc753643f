import { describe, expect, it } from 'vitest';
import { allRoutes, buildPath, permissionsForRole, ZRegisterBody } from './index.js';

describe('permissionsForRole', () => {
  it('gives staff the back-office and bookings, admins everything, users nothing', () => {
    expect(permissionsForRole('user')).toEqual({ can_view_admin: false, can_view_bookings: false, can_view_transactions: false, can_modify_users: false });
    expect(permissionsForRole('staff')).toEqual({ can_view_admin: true, can_view_bookings: true, can_view_transactions: false, can_modify_users: false });
    expect(permissionsForRole('admin')).toEqual({ can_view_admin: true, can_view_bookings: true, can_view_transactions: true, can_modify_users: true });
  });
});

describe('buildPath', () => {
  it('fills and encodes path parameters and refuses a missing one', () => {
    expect(buildPath('/api/admin/memberships/:id/activate', { id: 12 })).toBe('/api/admin/memberships/12/activate');
    expect(buildPath('/api/x/:code', { code: 'a/b' })).toBe('/api/x/a%2Fb');
    expect(() => buildPath('/api/x/:id', {})).toThrow(/id/);
  });
});

describe('route definitions', () => {
  it('have unique method and path pairs under /api', () => {
    const keys = allRoutes().map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of allRoutes()) expect(route.path).toMatch(/^\/api\//);
  });
});

describe('Italian validation messages', () => {
  it('explain each problem of a registration in Italian', () => {
    const result = ZRegisterBody.safeParse({ email: 'x', password: 'abc', password_confirmation: 'abc', privacy_consent: true });
    const messages: Record<string, string[]> = {};
    for (const issue of result.error!.issues) (messages[issue.path.join('.')] ??= []).push(issue.message);
    expect(messages).toMatchObject({
      first_name: ['Campo obbligatorio.'],
      email: ['Inserisci un indirizzo e-mail valido.'],
      password: ['La password deve contenere almeno 8 caratteri.', 'La password deve contenere almeno un numero.'],
    });
  });

  it('normalise the e-mail to lower case without spaces', () => {
    const result = ZRegisterBody.parse({ first_name: 'A', last_name: 'B', email: '  Mario.Rossi@Esempio.IT ', phone: '3331234567', birth_date: '1990-01-01', password: 'Sabbia2026', password_confirmation: 'Sabbia2026', privacy_consent: true });
    expect(result.email).toBe('mario.rossi@esempio.it');
  });
});
