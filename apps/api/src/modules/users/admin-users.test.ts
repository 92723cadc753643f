// Users back-office through the real database: the list (and the dashboard's ?per_page=1 total), a
// member's page, accounts made at the desk, edits, disabling and re-enabling, erasure, and who may do it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_MESSAGES, PRIVACY_MESSAGES } from '@beach/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { linkIn, startMailCatcher } from '../../test/mail-catcher.js';
import { createMember } from '../../test/members.js';
import { DEMO_PASSWORD } from '../../db/seed-data.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { USER_MESSAGES } from './users.service.js';

const mail = await startMailCatcher();
afterAll(() => mail.close());
const WEB = 'http://web.example.test';
const storageDir = mkdtempSync(join(tmpdir(), 'beach-users-storage-'));
afterAll(() => rmSync(storageDir, { recursive: true, force: true }));
const { app, db, deps } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: WEB, STORAGE_DIR: storageDir });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let staff: string;
let user: string;
let counter = 0;

const deskForm = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Luca',
  last_name: 'Ferri',
  email: `luca.${++counter}.${Date.now()}@esempio.it`,
  phone: '+39 333 765 4321',
  birth_date: '1990-03-04',
  ...overrides,
});

beforeAll(async () => {
  [admin, staff, user] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff), loginAs(app, DEMO.user)]);
});

describe('users list', () => {
  it('gives the total with ?per_page=1 (the dashboard) to staff and admins, and refuses members', async () => {
    const total = await db.user.count();
    for (const token of [admin, staff]) {
      const response = await request(app).get('/api/admin/users?per_page=1').set(bearer(token)).expect(200);
      expect(response.body).toMatchObject({ total, per_page: 1, current_page: 1, last_page: total });
      expect(response.body.data).toHaveLength(1);
      expect(response.body.data[0]).not.toHaveProperty('password_hash');
    }
    await request(app).get('/api/admin/users').set(bearer(user)).expect(403);
  });

  it('searches name and e-mail word by word, filters by role, and pages', async () => {
    const member = await createMember(db, { firstName: 'Ottavia', lastName: 'Zanzibar' });
    const byName = await request(app).get('/api/admin/users').query({ search: 'zanzibar ottavia' }).set(bearer(staff)).expect(200);
    expect(byName.body.data.map((row: { id: number }) => row.id)).toEqual([member.id]);
    const byEmail = await request(app).get('/api/admin/users').query({ search: member.email.toUpperCase() }).set(bearer(staff)).expect(200);
    expect(byEmail.body.total).toBe(1);
    const admins = await request(app).get('/api/admin/users').query({ role: 'admin' }).set(bearer(staff)).expect(200);
    expect(admins.body.data.every((row: { role: string }) => row.role === 'admin')).toBe(true);
    expect(admins.body.total).toBe(await db.user.count({ where: { role: 'admin' } }));
    const all = await request(app).get('/api/admin/users').query({ role: '' }).set(bearer(staff)).expect(200);
    expect(all.body.per_page).toBe(15);
    await request(app).get('/api/admin/users').query({ role: 'boss', per_page: 0 }).set(bearer(staff)).expect(422);
  });
});

describe('a member’s page', () => {
  it('shows profile, cards, bookings and payments to admins; staff get neither the cards’ economics nor the payments', async () => {
    const member = await createMember(db);
    const card = await db.membership.create({
      data: { membershipNumber: `T-${Date.now()}`, userId: member.id, type: 'daily', startDate: new Date('2026-07-01'), endDate: new Date('2026-07-01'), originalPriceCents: 500, priceCents: 500 },
    });
    await db.transaction.create({ data: { kind: 'membership', membershipId: card.id, userId: member.id, amountCents: 500, method: 'cash', status: 'completed', paidAt: new Date() } });
    // Written without the API: posted as the ledger's history is, so the books have it.
    await db.$executeRaw`SELECT ledger_post_history()`;
    const page = await request(app).get(`/api/admin/users/${member.id}`).set(bearer(admin)).expect(200);
    expect(page.body.user).toMatchObject({ id: member.id, email: member.email, role: 'user', disabled_at: null, erased_at: null });
    expect(page.body.memberships).toMatchObject([{ id: card.id, type: 'daily', price: '5.00', coupon_code: null }]);
    expect(page.body.payments).toMatchObject([{ membership_id: card.id, amount: '5.00', method: 'cash', status: 'completed' }]);
    expect(page.body.bookings).toEqual([]);
    const staffPage = await request(app).get(`/api/admin/users/${member.id}`).set(bearer(staff)).expect(200);
    expect(staffPage.body.user).toMatchObject({ id: member.id, email: member.email });
    expect(staffPage.body.memberships).toMatchObject([{ id: card.id, type: 'daily', membership_number: card.membershipNumber }]);
    expect(staffPage.body.memberships[0]).not.toHaveProperty('price');
    expect(staffPage.body.memberships[0]).not.toHaveProperty('coupon_code');
    expect(staffPage.body).not.toHaveProperty('payments');
    await request(app).get('/api/admin/users/999999').set(bearer(staff)).expect(404);
    await request(app).get(`/api/admin/users/${member.id}`).set(bearer(user)).expect(403);
  });
});

describe('accounts made at the desk', () => {
  it('creates a verified account and mails the member a link to choose the password', async () => {
    const form = deskForm({ email: `  Nuovo.${Date.now()}@Esempio.IT ` });
    const created = await request(app).post('/api/admin/users').set(bearer(admin)).send(form).expect(201);
    const email = String(form.email).trim().toLowerCase();
    expect(created.body.message).toBe(USER_MESSAGES.created('Luca Ferri'));
    expect(created.body.user).toMatchObject({ email, role: 'user', email_verified: true, phone: '+39 333 765 4321', birth_date: '1990-03-04' });
    const message = await mail.waitFor(email);
    expect(message.subject).toBe('Il tuo account Adriatica Beach Arena');
    const token = new URL(linkIn(message, `${WEB}/reset-password`)).searchParams.get('token');
    const stored = await db.userToken.findFirstOrThrow({ where: { userId: created.body.user.id, purpose: 'password_reset' } });
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 60 * 60 * 1000);
    await request(app).post('/api/auth/reset-password').send({ token, password: 'Sabbia2026', password_confirmation: 'Sabbia2026' }).expect(200);
    await loginAs(app, email, { password: 'Sabbia2026' });
  });

  it('refuses a taken e-mail and invalid fields in Italian, and takes blank phone and birth date as none', async () => {
    const taken = await request(app).post('/api/admin/users').set(bearer(admin)).send(deskForm({ email: DEMO.user })).expect(422);
    expect(taken.body.errors.email).toEqual([USER_MESSAGES.emailTaken]);
    const wrong = await request(app).post('/api/admin/users').set(bearer(admin)).send(deskForm({ first_name: '', email: 'nope', phone: '12', role: 'boss' })).expect(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['email', 'first_name', 'phone', 'role']);
    expect(wrong.body.errors.phone).toEqual(['Inserisci un numero di telefono valido.']);
    const blank = await request(app).post('/api/admin/users').set(bearer(admin)).send(deskForm({ phone: '', birth_date: '', role: 'staff' })).expect(201);
    expect(blank.body.user).toMatchObject({ phone: null, birth_date: null, role: 'staff' });
  });

  it('edits a member’s data and refuses an e-mail another account has', async () => {
    const member = await createMember(db);
    const edited = await request(app).put(`/api/admin/users/${member.id}`).set(bearer(admin)).send(deskForm({ first_name: 'Giuliana', email: member.email })).expect(200);
    expect(edited.body.user).toMatchObject({ first_name: 'Giuliana', last_name: 'Ferri', email: member.email });
    const clash = await request(app).put(`/api/admin/users/${member.id}`).set(bearer(admin)).send(deskForm({ email: DEMO.staff })).expect(422);
    expect(clash.body.errors.email).toEqual([USER_MESSAGES.emailTaken]);
    await request(app).put('/api/admin/users/999999').set(bearer(admin)).send(deskForm()).expect(404);
  });
});

describe('disabling an account', () => {
  it('ends its sessions at once and refuses login with an Italian message until re-enabled', async () => {
    const member = await createMember(db);
    await request(app).get('/api/auth/user-profile').set(bearer(member.token)).expect(200);
    const disabled = await request(app).post(`/api/admin/users/${member.id}/disable`).set(bearer(admin)).expect(200);
    expect(disabled.body.user.disabled_at).not.toBeNull();
    expect(disabled.body.message).toBe(USER_MESSAGES.disabled('Giulia Bianchi'));
    await request(app).get('/api/auth/user-profile').set(bearer(member.token)).expect(401);
    const refused = await request(app).post('/api/auth/login').send({ email: member.email, password: DEMO_PASSWORD }).expect(403);
    expect(refused.body.message).toBe(AUTH_MESSAGES.accountDisabled);
    const enabled = await request(app).post(`/api/admin/users/${member.id}/enable`).set(bearer(admin)).expect(200);
    expect(enabled.body.user.disabled_at).toBeNull();
    await loginAs(app, member.email);
  });

  it('a wrong password on a disabled account still says only that the credentials are wrong', async () => {
    const member = await createMember(db);
    await request(app).post(`/api/admin/users/${member.id}/disable`).set(bearer(admin)).expect(200);
    const refused = await request(app).post('/api/auth/login').send({ email: member.email, password: 'sbagliata1' }).expect(401);
    expect(refused.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('never one’s own account', async () => {
    const me = await db.user.findUniqueOrThrow({ where: { email: DEMO.admin } });
    const refused = await request(app).post(`/api/admin/users/${me.id}/disable`).set(bearer(admin)).expect(403);
    expect(refused.body.message).toBe(USER_MESSAGES.disableSelf);
  });
});

describe('erasure by an admin', () => {
  it('anonymises the member and keeps the payments; the old e-mail can no longer log in', async () => {
    const member = await createMember(db, { firstName: 'Serena', lastName: 'Pagani' });
    await db.user.update({ where: { id: member.id }, data: { phone: '+39 333 000 1111' } });
    const card = await db.membership.create({
      data: { membershipNumber: `E-${Date.now()}`, userId: member.id, type: 'daily', fiscalCode: member.fiscalCode, startDate: new Date('2026-07-01'), endDate: new Date('2026-07-01'), originalPriceCents: 500, priceCents: 500 },
    });
    const payment = await db.transaction.create({ data: { kind: 'membership', membershipId: card.id, userId: member.id, amountCents: 500, method: 'cash', status: 'completed', paidAt: new Date() } });
    // Written without the API: posted as the ledger's history is, so the books have it.
    await db.$executeRaw`SELECT ledger_post_history()`;
    const erased = await request(app).post(`/api/admin/users/${member.id}/erase`).set(bearer(admin)).expect(200);
    expect(erased.body.user).toMatchObject({ first_name: 'Utente', last_name: 'cancellato', email: `cancellato-${member.id}@anonimo.invalid`, phone: null, birth_date: null });
    expect(erased.body.user.erased_at).not.toBeNull();
    expect(await db.membership.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ membershipNumber: card.membershipNumber, fiscalCode: null, priceCents: 500, userId: member.id });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ amountCents: 500, userId: member.id, status: 'completed' });
    await request(app).get('/api/auth/user-profile').set(bearer(member.token)).expect(401);
    await request(app).post('/api/auth/login').send({ email: member.email, password: DEMO_PASSWORD }).expect(401);
    const again = await request(app).post(`/api/admin/users/${member.id}/erase`).set(bearer(admin)).expect(409);
    expect(again.body.message).toBeTruthy();
    await request(app).put(`/api/admin/users/${member.id}`).set(bearer(admin)).send(deskForm()).expect(409);
    await request(app).post(`/api/admin/users/${member.id}/enable`).set(bearer(admin)).expect(409);
    await request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(admin)).send({ role: 'admin' }).expect(409);
  });

  it('removes the card PDFs from storage and the walk-in bookings recorded under the member’s name and phone, audit entries included (a namesake’s kept)', async () => {
    const member = await createMember(db, { firstName: 'Ornella', lastName: 'Vanoni' });
    await db.user.update({ where: { id: member.id }, data: { phone: '+39 333 222 4444' } });
    const card = await db.membership.create({
      data: { membershipNumber: `P-${Date.now()}`, userId: member.id, type: 'daily', status: 'active', activatedAt: new Date(), startDate: new Date('2026-07-01'), endDate: new Date('2026-07-01'), originalPriceCents: 500, priceCents: 500 },
    });
    const pdfPath = `memberships/${card.id}.pdf`;
    await deps.storage.write(pdfPath, Buffer.from('%PDF- Ornella Vanoni'));
    await db.membership.update({ where: { id: card.id }, data: { pdfPath } });

    // Before signing up, she played as a walk-in, booked at the desk under her name and phone.
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
    const c1 = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
    const walkIn = await request(app)
      .post('/api/admin/bookings')
      .set(bearer(staff))
      .send({ court_id: c1.id, date: addDays(todayInRome(), 2), start: '09:00', payment: 'later', customer_name: 'ornella vanoni', customer_phone: '+39 333 222 4444' })
      .expect(201);
    // A namesake with another phone is another person: her booking is the centre's record to keep.
    const namesake = await request(app)
      .post('/api/admin/bookings')
      .set(bearer(staff))
      .send({ court_id: c1.id, date: addDays(todayInRome(), 2), start: '10:30', payment: 'later', customer_name: 'Ornella Vanoni', customer_phone: '+39 347 000 1111' })
      .expect(201);
    const audited = async () => (await db.auditLog.findMany({ where: { entityType: 'bookings', entityId: walkIn.body.booking.id } })).map(({ input, beforeData, afterData }) => ({ input, beforeData, afterData }));
    expect(JSON.stringify(await audited())).toContain('ornella vanoni');

    await request(app).post(`/api/admin/users/${member.id}/erase`).set(bearer(admin)).expect(200);
    expect(existsSync(deps.storage.absolutePath(pdfPath))).toBe(false);
    expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).pdfPath).toBeNull();
    expect(await db.booking.findUniqueOrThrow({ where: { id: walkIn.body.booking.id } })).toMatchObject({ customerName: '[cancellato]', customerPhone: null });
    const entries = JSON.stringify(await audited());
    expect(entries).not.toMatch(/ornella|vanoni/i);
    expect(entries).not.toContain('222 4444');
    expect(await db.booking.findUniqueOrThrow({ where: { id: namesake.body.booking.id } })).toMatchObject({ customerName: 'Ornella Vanoni', customerPhone: '+39 347 000 1111' });
  });

  it('refuses staff and admin accounts (so never the last admin, nor oneself) until made Utente', async () => {
    const me = await db.user.findUniqueOrThrow({ where: { email: DEMO.admin } });
    expect((await request(app).post(`/api/admin/users/${me.id}/erase`).set(bearer(admin)).expect(403)).body.message).toBe(USER_MESSAGES.eraseSelf);
    const colleague = await request(app).post('/api/admin/users').set(bearer(admin)).send(deskForm({ role: 'staff' })).expect(201);
    const refused = await request(app).post(`/api/admin/users/${colleague.body.user.id}/erase`).set(bearer(admin)).expect(409);
    expect(refused.body.message).toBe(PRIVACY_MESSAGES.staffCannotErase);
    await request(app).put(`/api/admin/users/${colleague.body.user.id}/role`).set(bearer(admin)).send({ role: 'user' }).expect(200);
    await request(app).post(`/api/admin/users/${colleague.body.user.id}/erase`).set(bearer(admin)).expect(200);
  });
});

describe('who may change users (can_modify_users)', () => {
  it('refuses staff (without can_modify_users) and members every change, with 403', async () => {
    const member = await createMember(db);
    const changes = [
      request(app).post('/api/admin/users').send(deskForm()),
      request(app).put(`/api/admin/users/${member.id}`).send(deskForm()),
      request(app).put(`/api/admin/users/${member.id}/role`).send({ role: 'staff' }),
      request(app).post(`/api/admin/users/${member.id}/disable`),
      request(app).post(`/api/admin/users/${member.id}/enable`),
      request(app).post(`/api/admin/users/${member.id}/erase`),
    ];
    for (const token of [staff, user]) {
      for (const change of [
        () => request(app).post('/api/admin/users').set(bearer(token)).send(deskForm()),
        () => request(app).put(`/api/admin/users/${member.id}`).set(bearer(token)).send(deskForm()),
        () => request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(token)).send({ role: 'staff' }),
        () => request(app).post(`/api/admin/users/${member.id}/disable`).set(bearer(token)),
        () => request(app).post(`/api/admin/users/${member.id}/enable`).set(bearer(token)),
        () => request(app).post(`/api/admin/users/${member.id}/erase`).set(bearer(token)),
      ]) {
        expect((await change()).status).toBe(403);
      }
    }
    for (const anonymous of changes) expect((await anonymous).status).toBe(401);
    expect(await db.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({ role: 'user', disabledAt: null, erasedAt: null, firstName: 'Giulia' });
  });
});
