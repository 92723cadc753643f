// The audit trail of expenses and extra income: each creation, edit and deletion is recorded under its
// table with the row before and after, in the write's own transaction — a refused entry leaves neither
// the row nor its ledger entry changed.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;

beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
});

const form = { date: '2031-05-10', category: 'Manutenzione campi', description: 'Reti nuove', amount: '120,50', payment_method: 'bank_transfer' };
const ledgerEntries = () => db.ledgerEntry.count();

describe.each([
  { entity: 'expenses', path: '/api/admin/expenses', key: 'expense', body: { ...form, supplier: 'Sport Rimini srl' } },
  { entity: 'incomes', path: '/api/admin/incomes', key: 'income', body: form },
] as const)('$path', ({ entity, path, key, body }) => {
  it('records its creation, edit and deletion with the row before and after', async () => {
    const created = await request(app).post(path).set(bearer(admin)).send(body).expect(201);
    const id = created.body[key].id as number;
    expect(await lastAuditOf(db, entity, id)).toMatchObject({
      action: 'create',
      route: `POST ${path}`,
      subjectUserId: null,
      beforeData: null,
      afterData: expect.objectContaining({ id, amount_cents: 12050, description: 'Reti nuove' }),
    });
    await request(app).put(`${path}/${id}`).set(bearer(admin)).send({ ...body, amount: '99' }).expect(200);
    expect(await lastAuditOf(db, entity, id)).toMatchObject({
      action: 'update',
      route: `PUT ${path}/:id`,
      input: expect.objectContaining({ amount: 9900 }),
      beforeData: expect.objectContaining({ amount_cents: 12050 }),
      afterData: expect.objectContaining({ amount_cents: 9900 }),
    });
    await request(app).delete(`${path}/${id}`).set(bearer(admin)).expect(200);
    expect(await lastAuditOf(db, entity, id)).toMatchObject({
      action: 'delete',
      route: `DELETE ${path}/:id`,
      beforeData: expect.objectContaining({ amount_cents: 9900 }),
      afterData: null,
    });
    expect(await db.auditLog.count({ where: { entityType: entity, entityId: id } })).toBe(3);
  });

  it('keeps neither the row nor its ledger entry when the audit log refuses the entry', async () => {
    const kept = await request(app).post(path).set(bearer(admin)).send(body).expect(201);
    const id = kept.body[key].id as number;
    const [entries, audited] = [await ledgerEntries(), await db.auditLog.count({ where: { entityType: entity } })];
    const rows = async () => (entity === 'expenses' ? db.expense.findMany({ orderBy: { id: 'asc' } }) : db.income.findMany({ orderBy: { id: 'asc' } }));
    const before = await rows();
    await whileRefusing(db, 'audit_log', async () => {
      await request(app).post(path).set(bearer(admin)).send(body).expect(500);
      await request(app).put(`${path}/${id}`).set(bearer(admin)).send({ ...body, amount: '1' }).expect(500);
      await request(app).delete(`${path}/${id}`).set(bearer(admin)).expect(500);
    });
    expect(await rows()).toEqual(before);
    expect(await ledgerEntries()).toBe(entries);
    expect(await db.auditLog.count({ where: { entityType: entity } })).toBe(audited);
  });
});
