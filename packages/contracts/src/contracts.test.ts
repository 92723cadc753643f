import { describe, expect, it } from 'vitest';
import { addDays, ageOn, allRoutes, buildPath, centsToMoney, coveredUntil, membershipTypesForAge, moneyToCents, permissionsForRole, ZExpenseBody, ZRegisterBody } from './index.js';

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

  it('report a short password and a different confirmation at once, with a missing name', () => {
    const result = ZRegisterBody.safeParse({ last_name: 'B', email: 'a@b.it', phone: '3331234567', birth_date: '1990-01-01', password: 'abc1', password_confirmation: 'abc2', privacy_consent: true });
    const messages: Record<string, string[]> = {};
    for (const issue of result.error!.issues) (messages[issue.path.join('.')] ??= []).push(issue.message);
    expect(messages).toEqual({
      first_name: ['Campo obbligatorio.'],
      password: ['La password deve contenere almeno 8 caratteri.'],
      password_confirmation: ['Le password non coincidono.'],
    });
  });

  it('tell that an expense must be above zero, whether it is negative, zero or malformed', () => {
    const amountMessages = (amount: unknown) => ZExpenseBody.safeParse({ date: '2026-01-01', category: 'Sabbia', description: 'Campo B', amount }).error?.issues.map((issue) => issue.message);
    expect(amountMessages('-50')).toEqual(['Inserisci un importo maggiore di zero, con al massimo due decimali (es. 12,50).']);
    expect(amountMessages('12,345')).toEqual(['Inserisci un importo maggiore di zero, con al massimo due decimali (es. 12,50).']);
    expect(amountMessages('99999999')).toEqual(['Importo troppo alto.']);
    expect(amountMessages('1234567,5')).toEqual(['Importo troppo alto.']);
    expect(amountMessages('0')).toEqual(['L’importo deve essere maggiore di zero.']);
    expect(amountMessages('12,50')).toBeUndefined();
  });

  it('normalise the e-mail to lower case without spaces', () => {
    const result = ZRegisterBody.parse({ first_name: 'A', last_name: 'B', email: '  Mario.Rossi@Esempio.IT ', phone: '3331234567', birth_date: '1990-01-01', password: 'Sabbia2026', password_confirmation: 'Sabbia2026', privacy_consent: true });
    expect(result.email).toBe('mario.rossi@esempio.it');
  });
});

describe('money', () => {
  it('turns cents into euro strings and back, exactly', () => {
    expect(centsToMoney(6000)).toBe('60.00');
    expect(centsToMoney(5)).toBe('0.05');
    expect(centsToMoney(-1050)).toBe('-10.50');
    expect(moneyToCents('54.90')).toBe(5490);
    expect(moneyToCents('-0.10')).toBe(-10);
    for (const cents of [0, 1, 99, 100, 123456, 1999]) expect(moneyToCents(centsToMoney(cents))).toBe(cents);
    expect(() => centsToMoney(10.5)).toThrow();
    expect(() => moneyToCents('10.5')).toThrow();
  });
});

describe('membership types by age', () => {
  it('counts whole years on the given day, birthday included', () => {
    expect(ageOn('2009-05-01', '2027-04-30')).toBe(17);
    expect(ageOn('2009-05-01', '2027-05-01')).toBe(18);
    expect(ageOn('2004-02-29', '2027-02-28')).toBe(22);
  });

  it('offers under 18 and under 23 only below those ages', () => {
    expect(membershipTypesForAge(17)).toEqual(['seasonal', 'under_23', 'under_18', 'monthly', 'weekly', 'daily']);
    expect(membershipTypesForAge(18)).toEqual(['seasonal', 'under_23', 'monthly', 'weekly', 'daily']);
    expect(membershipTypesForAge(23)).toEqual(['seasonal', 'monthly', 'weekly', 'daily']);
  });
});

describe('coveredUntil', () => {
  const card = (start_date: string, end_date: string, status: 'active' | 'pending' | 'expired' = 'active') => ({ status, start_date, end_date });

  it('is the end of the active cards covering the day, one after another, or null', () => {
    expect(coveredUntil([], '2031-07-10')).toBeNull();
    expect(coveredUntil([card('2031-07-01', '2031-07-30')], '2031-07-10')).toBe('2031-07-30');
    // The renewal bought already carries it on; a card after a gap does not.
    expect(coveredUntil([card('2031-08-10', '2031-08-16'), card('2031-07-31', '2031-08-29'), card('2031-07-01', '2031-07-30')], '2031-07-10')).toBe('2031-08-29');
    expect(coveredUntil([card('2031-07-01', '2031-07-30'), card('2031-08-01', '2031-08-30')], '2031-07-10')).toBe('2031-07-30');
    // Only an active card covers; nor one that starts later, nor one that ended.
    expect(coveredUntil([card('2031-07-01', '2031-07-30', 'pending')], '2031-07-10')).toBeNull();
    expect(coveredUntil([card('2031-07-11', '2031-07-30'), card('2031-06-01', '2031-07-09')], '2031-07-10')).toBeNull();
  });

  it('counts calendar days across a month, a year and a clock change', () => {
    expect(addDays('2031-01-31', 1)).toBe('2031-02-01');
    expect(addDays('2031-12-31', 1)).toBe('2032-01-01');
    expect(addDays('2031-03-31', -30)).toBe('2031-03-01');
    expect(addDays('2031-10-26', 1)).toBe('2031-10-27');
  });
});
