// Membership coupons back-office through the real database: list filters, every validation rule,
// unique codes whatever the case, the active toggle, limits never below the uses, and roles.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { couponCodesOf } from './coupon-codes.js';
import { ADMIN_COUPON_MESSAGES } from './coupons.service.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let staff: string;
let user: string;

const form = (overrides: Record<string, unknown> = {}) => ({
  code: 'estate26',
  description: 'Sconto estate',
  discount_type: 'percentage',
  discount_value: 10,
  applicable_to: 'membership',
  usage_limit: '',
  is_active: true,
  start_date: '2026-05-01',
  end_date: '2026-09-30',
  ...overrides,
});
const create = (body: Record<string, unknown>, token = admin) => request(app).post('/api/admin/coupons').set(bearer(token)).send(body);

beforeAll(async () => {
  [admin, staff, user] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff), loginAs(app, DEMO.user)]);
});

describe('membership coupons', () => {
  it('creates a coupon with the code upper-cased and a blank limit as unlimited, and refuses the same code in another case', async () => {
    const created = await create(form());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Coupon tessera creato con successo!');
    expect(created.body.coupon).toMatchObject({ code: 'ESTATE26', discount_type: 'percentage', discount_value: '10.00', usage_limit: null, usage_count: 0, applicable_to: 'membership', is_active: true, start_date: '2026-05-01' });
    const again = await create(form({ code: 'Estate26' }));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: [ADMIN_COUPON_MESSAGES.codeTaken] });
    // Other modules' lists read the code by id (a missing id is left out).
    expect(await couponCodesOf(db, [created.body.coupon.id, 2_000_000_000])).toEqual(new Map([[created.body.coupon.id, 'ESTATE26']]));
  });

  it('refuses missing fields, a negative value, a percentage over 100, a negative limit and an end before the start', async () => {
    const empty = await create({});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['applicable_to', 'code', 'discount_type', 'discount_value']);
    expect((await create(form({ code: 'NEG', discount_value: -1 }))).body.errors).toEqual({ discount_value: ['Lo sconto non può essere negativo.'] });
    expect((await create(form({ code: 'TROPPO', discount_value: 100.5 }))).body.errors).toEqual({ discount_value: ['Una percentuale non può superare 100.'] });
    expect((await create(form({ code: 'LIM', usage_limit: -3 }))).body.errors).toEqual({ usage_limit: ['Il limite non può essere negativo.'] });
    expect((await create(form({ code: 'DATE', start_date: '2026-06-01', end_date: '2026-05-31' }))).body.errors).toEqual({ end_date: ['La data di fine non può precedere quella di inizio.'] });
    expect((await create(form({ code: 'APP', applicable_to: 'bookings' }))).body.errors).toEqual({ applicable_to: ['Scegli a cosa si applica il coupon.'] });
    // A fixed discount may exceed 100 euros; a value typed with a comma is read as a decimal.
    const fixed = await create(form({ code: 'FISSO', discount_type: 'fixed', discount_value: '150,50', usage_limit: '5' }));
    expect(fixed.body.coupon).toMatchObject({ discount_value: '150.50', usage_limit: 5 });
  });

  it('edits with the full form, toggles with only the flag, and keeps the limit at or above the uses', async () => {
    const { body } = await create(form({ code: 'MODIFICA', usage_limit: 10 }));
    const id = body.coupon.id as number;
    await db.membershipCoupon.update({ where: { id }, data: { usageCount: 4 } });

    const edited = await request(app).put(`/api/admin/coupons/${id}`).set(bearer(admin)).send(form({ code: 'modifica', description: '', applicable_to: 'both', usage_limit: 4 }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Coupon tessera aggiornato con successo!', coupon: { description: null, applicable_to: 'both', usage_limit: 4, usage_count: 4 } });
    const below = await request(app).put(`/api/admin/coupons/${id}`).set(bearer(admin)).send(form({ code: 'MODIFICA', usage_limit: 3 }));
    expect(below.body.errors).toEqual({ usage_limit: [ADMIN_COUPON_MESSAGES.limitBelowUses(4)] });

    const off = await request(app).put(`/api/admin/coupons/${id}`).set(bearer(admin)).send({ is_active: false });
    expect(off.body).toMatchObject({ message: 'Coupon disattivato con successo!', coupon: { is_active: false, usage_limit: 4, applicable_to: 'both' } });
    const on = await request(app).put(`/api/admin/coupons/${id}`).set(bearer(admin)).send({ is_active: true });
    expect(on.body.message).toBe('Coupon attivato con successo!');
    // A body that is neither the flag alone nor a full form is named field by field.
    const partial = await request(app).put(`/api/admin/coupons/${id}`).set(bearer(admin)).send({ is_active: true, description: 'solo questo' });
    expect(partial.status).toBe(422);
    expect(partial.body.errors.code).toEqual(['Campo obbligatorio.']);
    expect((await request(app).put('/api/admin/coupons/999999').set(bearer(admin)).send({ is_active: true })).status).toBe(404);
  });

  it('lists 10 a page, newest first, searching code and description and filtering by status', async () => {
    await db.membershipCoupon.createMany({
      data: Array.from({ length: 12 }, (_, index) => ({ code: `ELENCO${index}`, description: 'Promo elenco', discountType: 'fixed' as const, discountValue: 5, isActive: index % 3 !== 0, createdAt: new Date(Date.UTC(2026, 0, 1 + index)) })),
    });
    const page = await request(app).get('/api/admin/coupons').query({ search: 'elenco' }).set(bearer(staff));
    expect(page.body).toMatchObject({ total: 12, per_page: 10, last_page: 2, current_page: 1 });
    expect(page.body.data[0].code).toBe('ELENCO11');
    const inactive = await request(app).get('/api/admin/coupons').query({ search: 'PROMO', is_active: 'false' }).set(bearer(staff));
    expect(inactive.body.data.map((coupon: { code: string }) => coupon.code).sort()).toEqual(['ELENCO0', 'ELENCO3', 'ELENCO6', 'ELENCO9']);
    const all = await request(app).get('/api/admin/coupons').query({ search: 'elenco', is_active: '' }).set(bearer(staff));
    expect(all.body.total).toBe(12);
    // The dashboard's count of active coupons.
    const active = await request(app).get('/api/admin/coupons').query({ is_active: 'true' }).set(bearer(staff));
    expect(active.body.total).toBe(await db.membershipCoupon.count({ where: { isActive: true } }));
    expect((await request(app).get('/api/admin/coupons').query({ is_active: 'forse' }).set(bearer(staff))).status).toBe(422);
  });

  it('lets staff read but not write, and keeps members and anonymous callers out', async () => {
    expect((await request(app).get('/api/admin/coupons')).status).toBe(401);
    expect((await request(app).get('/api/admin/coupons').set(bearer(user))).status).toBe(403);
    expect((await create(form({ code: 'STAFF' }), staff)).status).toBe(403);
    expect((await request(app).put('/api/admin/coupons/1').set(bearer(staff)).send({ is_active: false })).status).toBe(403);
  });

  it('records an edit in the audit log with the row before and after, and keeps no edit whose entry cannot be written', async () => {
    const id = (await create(form({ code: 'TRACCIA', usage_limit: 10 })).expect(201)).body.coupon.id as number;
    await request(app).put(`/api/admin/coupons/${id}`).set(bearer(admin)).send(form({ code: 'TRACCIA', usage_limit: 20 })).expect(200);
    expect(await lastAuditOf(db, 'membership_coupons', id)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/coupons/:id',
      subjectUserId: null,
      beforeData: expect.objectContaining({ id, usage_limit: 10 }),
      afterData: expect.objectContaining({ id, usage_limit: 20 }),
    });

    await whileRefusing(db, 'audit_log', () => request(app).put(`/api/admin/coupons/${id}`).set(bearer(admin)).send({ is_active: false }).expect(500));
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { id } })).isActive).toBe(true);
    await whileRefusing(db, 'audit_log', () => create(form({ code: 'MAIPIU' })).expect(500));
    expect(await db.membershipCoupon.count({ where: { code: 'MAIPIU' } })).toBe(0);
  });
});
