// The association's details: admins read and change them (audited), staff and members may not, and
// bad codes are refused with Italian messages per field.
import { ASSOCIATION_MESSAGES } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let staff: string;
let user: string;

const body = {
  name: 'ASD Adriatica Beach Arena',
  address: 'Lungomare Tintori 12, 47921 Rimini (RN)',
  fiscal_code: '91234560406',
  vat_number: '00743110157',
  rasd_number: 'RASD-000123',
  email: 'Segreteria@AdriaticaBeach.it',
  receipt_signatory: 'Marta Ricci, presidente',
  stamp_duty_on_receipts: false,
};

beforeAll(async () => {
  [admin, staff, user] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff), loginAs(app, DEMO.user)]);
});

describe('/api/admin/association', () => {
  it('starts from the migration’s row and is saved by an admin, with an audit entry', async () => {
    const initial = await request(app).get('/api/admin/association').set(bearer(admin)).expect(200);
    expect(initial.body).toMatchObject({ name: 'ASD Adriatica Beach Arena', fiscal_code: null, stamp_duty_on_receipts: true });
    const saved = await request(app).put('/api/admin/association').set(bearer(admin)).send({ ...body, fiscal_code: ' 9123 4560 406 ' }).expect(200);
    expect(saved.body).toMatchObject({ ...body, email: 'segreteria@adriaticabeach.it' });
    expect((await request(app).get('/api/admin/association').set(bearer(admin)).expect(200)).body).toEqual(saved.body);
    expect(await lastAuditOf(db, 'association', null)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/association',
      subjectUserId: null,
      beforeData: expect.objectContaining({ fiscal_code: null, stamp_duty_on_receipts: true }),
      afterData: expect.objectContaining({ fiscal_code: '91234560406', stamp_duty_on_receipts: false }),
    });
  });

  it('keeps neither the change nor its entry when the audit log refuses the entry', async () => {
    const before = await db.association.findUniqueOrThrow({ where: { id: 1 } });
    const entries = await db.auditLog.count({ where: { entityType: 'association' } });
    const renamed = { ...body, name: 'Un altro nome' };
    await whileRefusing(db, 'audit_log', () => request(app).put('/api/admin/association').set(bearer(admin)).send(renamed).expect(500));
    expect(await db.association.findUniqueOrThrow({ where: { id: 1 } })).toEqual(before);
    expect(await db.auditLog.count({ where: { entityType: 'association' } })).toBe(entries);
  });

  it('accepts a person’s 16-character fiscal code and no VAT number', async () => {
    const saved = await request(app).put('/api/admin/association').set(bearer(admin)).send({ ...body, fiscal_code: 'rssmra80a01h294l', vat_number: '' }).expect(200);
    expect(saved.body).toMatchObject({ fiscal_code: 'RSSMRA80A01H294L', vat_number: null });
  });

  it('refuses wrong codes and missing fields, per field, in Italian', async () => {
    const refused = await request(app)
      .put('/api/admin/association')
      .set(bearer(admin))
      .send({ ...body, fiscal_code: '91234560404', vat_number: '1234', email: 'non-una-mail', name: ' ', receipt_signatory: undefined })
      .expect(422);
    expect(refused.body.errors).toMatchObject({
      fiscal_code: [ASSOCIATION_MESSAGES.fiscalCode],
      vat_number: [ASSOCIATION_MESSAGES.vatNumber],
      email: ['Inserisci un indirizzo e-mail valido.'],
      name: ['Campo obbligatorio.'],
      receipt_signatory: ['Campo obbligatorio.'],
    });
    await request(app).put('/api/admin/association').set(bearer(admin)).send({ ...body, stamp_duty_on_receipts: 'forse' }).expect(422);
  });

  it('is for admins only', async () => {
    await request(app).get('/api/admin/association').set(bearer(staff)).expect(403);
    await request(app).put('/api/admin/association').set(bearer(staff)).send(body).expect(403);
    await request(app).get('/api/admin/association').set(bearer(user)).expect(403);
    await request(app).get('/api/admin/association').expect(401);
  });
});
