// The audit trail of carnets: a product made or changed by the admin and a carnet sold at the desk are
// recorded under their tables, in the write's own transaction — a refused entry leaves no product, no
// carnet and no payment behind.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const today = todayInRome();
let admin: string;
let staff: string;

beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
});

const product = {
  name: 'Carnet 5 ingressi',
  uses: 5,
  band: 'any',
  court_ids: [],
  price: '60',
  valid_from: addDays(today, -1),
  valid_until: addDays(today, 60),
  is_active: true,
};

describe('carnets audit', () => {
  it('records a product’s creation and edit, and a desk sale under the carnet with its holder', async () => {
    const created = await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send(product).expect(201);
    const productId = created.body.id as number;
    expect(await lastAuditOf(db, 'carnet_products', productId)).toMatchObject({
      action: 'create',
      route: 'POST /api/admin/carnet-products',
      beforeData: null,
      afterData: expect.objectContaining({ id: productId, uses: 5, price_cents: 6000 }),
    });
    await request(app).put(`/api/admin/carnet-products/${productId}`).set(bearer(admin)).send({ ...product, price: '65' }).expect(200);
    expect(await lastAuditOf(db, 'carnet_products', productId)).toMatchObject({
      action: 'update',
      beforeData: expect.objectContaining({ price_cents: 6000 }),
      afterData: expect.objectContaining({ price_cents: 6500 }),
    });

    const member = await createMember(db);
    const sale = { product_id: productId, method: 'card' };
    const sold = await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send(sale).expect(201);
    const carnetId = sold.body.carnet.id as number;
    expect(await lastAuditOf(db, 'carnets', carnetId)).toMatchObject({
      action: 'sell',
      route: 'POST /api/admin/users/:id/carnets',
      subjectUserId: member.id,
      input: sale,
      beforeData: null,
      afterData: expect.objectContaining({ id: carnetId, user_id: member.id, uses_left: 5 }),
    });
  });

  it('keeps no product, carnet or payment when the audit log refuses the entry', async () => {
    const { id: productId } = (await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send(product).expect(201)).body;
    const member = await createMember(db);
    const products = await db.carnetProduct.count();
    await whileRefusing(db, 'audit_log', async () => {
      await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send(product).expect(500);
      await request(app).put(`/api/admin/carnet-products/${productId}`).set(bearer(admin)).send({ ...product, uses: 9 }).expect(500);
      await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send({ product_id: productId, method: 'cash' }).expect(500);
    });
    expect(await db.carnetProduct.count()).toBe(products);
    expect((await db.carnetProduct.findUniqueOrThrow({ where: { id: productId } })).uses).toBe(5);
    expect(await db.carnet.count({ where: { userId: member.id } })).toBe(0);
    expect(await db.transaction.count({ where: { userId: member.id } })).toBe(0);
  });
});
