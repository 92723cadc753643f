// Booking coupons back-office through the real database: create (upper-cased, unique whatever the
// case), validation refusals, edit, active toggle, delete only when never used, admin only.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { bookingCouponCodesOf } from './booking-coupon-codes.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const logins = useBackOfficeLogins(app);

const summer = { code: 'estate10', description: 'Sconto estate', discount_type: 'percentage', discount_value: '10', band: 'evening', usage_limit: '50', per_member_limit: 2, start_date: '2031-06-01', end_date: '2031-08-31' };

describe('booking coupons', () => {
  it('creates a coupon upper-cased and refuses the same code in another case', async () => {
    const created = await request(app).post('/api/admin/booking-coupons').set(bearer(logins.admin)).send(summer).expect(201);
    expect(created.body).toMatchObject({ code: 'ESTATE10', discount_type: 'percentage', discount_value: '10.00', band: 'evening', usage_limit: 50, usage_count: 0, per_member_limit: 2, start_date: '2031-06-01', end_date: '2031-08-31', is_active: true });
    const twin = await request(app).post('/api/admin/booking-coupons').set(bearer(logins.admin)).send({ ...summer, code: 'Estate10' }).expect(422);
    expect(twin.body.errors.code).toEqual(['Esiste già un coupon prenotazioni con questo codice.']);
    const list = await request(app).get('/api/admin/booking-coupons').set(bearer(logins.admin)).expect(200);
    expect(list.body.data.map((c: { code: string }) => c.code)).toContain('ESTATE10');
    // Other modules' lists read the code by id (a missing id is left out).
    expect(await bookingCouponCodesOf(db, [created.body.id, 2_000_000_000])).toEqual(new Map([[created.body.id, 'ESTATE10']]));
  });

  it('refuses a percentage over 100, an end before the start, a bad band and no limit below 1', async () => {
    const response = await request(app)
      .post('/api/admin/booking-coupons')
      .set(bearer(logins.admin))
      .send({ ...summer, code: 'TROPPO', discount_value: '120', end_date: '2031-05-01', band: 'night', usage_limit: 0 })
      .expect(422);
    expect(response.body.errors).toMatchObject({ band: ['Fascia non valida.'], usage_limit: ['Almeno 1, o lascia vuoto per nessun limite.'] });
    const refined = await request(app).post('/api/admin/booking-coupons').set(bearer(logins.admin)).send({ ...summer, code: 'TROPPO', discount_value: '120', end_date: '2031-05-01' }).expect(422);
    expect(refined.body.errors).toEqual({ discount_value: ['La percentuale non può superare 100.'], end_date: ['La data di fine non può precedere quella di inizio.'] });
    expect(await db.bookingCoupon.count({ where: { code: 'TROPPO' } })).toBe(0);
  });

  it('edits, toggles and deletes a never-used coupon; a used one is only switched off', async () => {
    const created = await request(app).post('/api/admin/booking-coupons').set(bearer(logins.admin)).send({ ...summer, code: 'fisso5', discount_type: 'fixed', discount_value: '5,50', usage_limit: '', per_member_limit: null, start_date: '', end_date: '' }).expect(201);
    expect(created.body).toMatchObject({ code: 'FISSO5', discount_value: '5.50', usage_limit: null, per_member_limit: null, start_date: null });
    const edited = await request(app).put(`/api/admin/booking-coupons/${created.body.id}`).set(bearer(logins.admin)).send({ ...summer, code: 'FISSO5', discount_type: 'fixed', discount_value: '6', band: 'any' }).expect(200);
    expect(edited.body).toMatchObject({ discount_value: '6.00', band: 'any' });
    const off = await request(app).patch(`/api/admin/booking-coupons/${created.body.id}/active`).set(bearer(logins.admin)).send({ is_active: false }).expect(200);
    expect(off.body.is_active).toBe(false);
    expect((await db.bookingCoupon.findUniqueOrThrow({ where: { id: created.body.id } })).isActive).toBe(false);

    await db.bookingCoupon.update({ where: { id: created.body.id }, data: { usageCount: 1 } });
    const used = await request(app).delete(`/api/admin/booking-coupons/${created.body.id}`).set(bearer(logins.admin)).expect(409);
    expect(used.body.message).toBe('Il coupon è già stato usato: disattivalo invece di eliminarlo.');
    await db.bookingCoupon.update({ where: { id: created.body.id }, data: { usageCount: 0 } });
    await request(app).delete(`/api/admin/booking-coupons/${created.body.id}`).set(bearer(logins.admin)).expect(200);
    await request(app).patch(`/api/admin/booking-coupons/${created.body.id}/active`).set(bearer(logins.admin)).send({ is_active: true }).expect(404);
  });

  it('is for admins only', async () => {
    await request(app).get('/api/admin/booking-coupons').set(bearer(logins.staff)).expect(403);
    await request(app).post('/api/admin/booking-coupons').set(bearer(logins.staff)).send(summer).expect(403);
  });

  it('records a switch-off and a deletion in the audit log, and keeps neither when the entry cannot be written', async () => {
    const { body: coupon } = await request(app).post('/api/admin/booking-coupons').set(bearer(logins.admin)).send({ ...summer, code: 'TRACCIA' }).expect(201);
    await whileRefusing(db, 'audit_log', () => request(app).patch(`/api/admin/booking-coupons/${coupon.id}/active`).set(bearer(logins.admin)).send({ is_active: false }).expect(500));
    expect((await db.bookingCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).isActive).toBe(true);
    expect((await lastAuditOf(db, 'booking_coupons', coupon.id))?.action).toBe('create');

    await request(app).patch(`/api/admin/booking-coupons/${coupon.id}/active`).set(bearer(logins.admin)).send({ is_active: false }).expect(200);
    expect(await lastAuditOf(db, 'booking_coupons', coupon.id)).toMatchObject({
      action: 'disable',
      route: 'PATCH /api/admin/booking-coupons/:id/active',
      beforeData: expect.objectContaining({ code: 'TRACCIA', is_active: true }),
      afterData: expect.objectContaining({ code: 'TRACCIA', is_active: false }),
    });

    await whileRefusing(db, 'audit_log', () => request(app).delete(`/api/admin/booking-coupons/${coupon.id}`).set(bearer(logins.admin)).expect(500));
    expect(await db.bookingCoupon.count({ where: { id: coupon.id } })).toBe(1);
    await request(app).delete(`/api/admin/booking-coupons/${coupon.id}`).set(bearer(logins.admin)).expect(200);
    expect(await lastAuditOf(db, 'booking_coupons', coupon.id)).toMatchObject({ action: 'delete', route: 'DELETE /api/admin/booking-coupons/:id', beforeData: expect.objectContaining({ code: 'TRACCIA' }), afterData: null });
  });
});
