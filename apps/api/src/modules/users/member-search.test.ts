// The desk's member search (desk bookings, cards): staff find members too, and homonyms come with what tells
// them apart (e-mail, birth date, latest card number).
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: string;
let user: string;

beforeAll(async () => {
  [staff, user] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.user)]);
});

describe('member search at the desk', () => {
  it('lets staff find homonyms and tells them apart by e-mail, birth date and latest card', async () => {
    const older = await createMember(db, { firstName: 'Luca', lastName: 'Costarossa', birthDate: '1970-02-03' });
    const younger = await createMember(db, { firstName: 'Luca', lastName: 'Costarossa', birthDate: '2001-11-12' });
    const number = `LC-${Date.now()}`;
    await db.membership.create({
      data: { membershipNumber: `${number}-old`, userId: younger.id, type: 'daily', startDate: new Date('2025-07-01'), endDate: new Date('2025-07-01'), originalPriceCents: 500, priceCents: 500, createdAt: new Date('2025-07-01') },
    });
    await db.membership.create({
      data: { membershipNumber: number, userId: younger.id, type: 'daily', startDate: new Date('2026-07-01'), endDate: new Date('2026-07-01'), originalPriceCents: 500, priceCents: 500 },
    });
    const found = await request(app).get('/api/admin/users/search').query({ q: 'luca costarossa' }).set(bearer(staff)).expect(200);
    const rows = found.body.data as { id: number; email: string; birth_date: string | null; membership_number: string | null }[];
    expect(rows.map((row) => row.id).sort()).toEqual([older.id, younger.id].sort());
    expect(rows.find((row) => row.id === older.id)).toMatchObject({ email: older.email, birth_date: '1970-02-03', membership_number: null });
    expect(rows.find((row) => row.id === younger.id)).toMatchObject({ email: younger.email, birth_date: '2001-11-12', membership_number: number });
  });

  it('refuses members and answers a too short search with its own message', async () => {
    await request(app).get('/api/admin/users/search').query({ q: 'luca' }).set(bearer(user)).expect(403);
    const short = await request(app).get('/api/admin/users/search').query({ q: 'l' }).set(bearer(staff)).expect(422);
    expect(short.body.errors.q).toEqual(['Scrivi almeno 2 caratteri.']);
  });
});
