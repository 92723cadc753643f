// The memberships back-office in the audit log, through the real database and the Stripe double: a desk
// card (and the account it makes), a correction, an activation and a linked payment each commit with
// their entry, and none is kept when its entry cannot be written.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, fiscalCodeOf, type TestMember } from '../../test/members.js';

const mail = await startMailCatcher();
const { app, db, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const today = todayInRome();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let member: TestMember;

/** A pending daily card written straight to the database, numbered by the real counter. */
async function pendingCard(daysAhead: number) {
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2031) AS number`;
  const day = fromIsoDate(addDays(today, daysAhead));
  const card = await db.membership.create({
    data: { membershipNumber: issued!.number, userId: member.id, type: 'daily', status: 'pending', fiscalCode: member.fiscalCode, startDate: day, endDate: day, originalPriceCents: 500, priceCents: 500 },
  });
  // Written without the API: what the card owes is posted as the ledger's history is.
  await db.$executeRaw`SELECT ledger_post_history()`;
  return card;
}

beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  member = await createMember(db, { firstName: 'Orsola', lastName: 'Registro' });
});

describe('memberships in the audit log', () => {
  it('records a desk card for a new member as the account’s creation and the card’s, and keeps neither without its entries', async () => {
    const email = `registro.${Date.now()}@esempio.it`;
    const body = {
      type: 'seasonal',
      with_insurance: true,
      payment: { method: 'cash' },
      new_user: { first_name: 'Dario', last_name: 'Registro', email, birth_date: '1990-02-03' },
      fiscal_code: fiscalCodeOf('Dario', 'Registro', '1990-02-03', 'M'),
    };
    await whileRefusing(db, 'audit_log', () => request(app).post('/api/admin/memberships').set(bearer(admin)).send(body).expect(500));
    expect(await db.user.count({ where: { email } })).toBe(0);

    const created = await request(app).post('/api/admin/memberships').set(bearer(admin)).send(body).expect(201);
    const { id, user } = created.body.membership as { id: number; user: { id: number } };
    expect(await lastAuditOf(db, 'users', user.id)).toMatchObject({ action: 'create', route: 'POST /api/admin/memberships', subjectUserId: user.id, afterData: expect.objectContaining({ email }) });
    expect(JSON.stringify((await lastAuditOf(db, 'users', user.id))?.afterData)).not.toContain('password_hash');
    expect(await lastAuditOf(db, 'memberships', id)).toMatchObject({
      action: 'create',
      route: 'POST /api/admin/memberships',
      subjectUserId: user.id,
      beforeData: null,
      afterData: expect.objectContaining({ id, user_id: user.id, status: 'active' }),
    });
  });

  it('records a correction and an activation with the card before and after', async () => {
    const card = await pendingCard(500);
    const edit = { type: 'daily', start_date: addDays(today, 500), end_date: addDays(today, 500), fiscal_code: member.fiscalCode, has_insurance: false, notes: 'Corretta al banco' };
    await request(app).put(`/api/admin/memberships/${card.id}`).set(bearer(admin)).send(edit).expect(200);
    expect(await lastAuditOf(db, 'memberships', card.id)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/memberships/:id',
      subjectUserId: member.id,
      beforeData: expect.objectContaining({ notes: null }),
      afterData: expect.objectContaining({ notes: 'Corretta al banco' }),
    });

    await whileRefusing(db, 'audit_log', () => request(app).post(`/api/admin/memberships/${card.id}/activate`).set(bearer(admin)).send({ send_email: false }).expect(500));
    expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('pending');
    await request(app).post(`/api/admin/memberships/${card.id}/activate`).set(bearer(admin)).send({ send_email: false }).expect(200);
    expect(await lastAuditOf(db, 'memberships', card.id)).toMatchObject({
      action: 'activate',
      route: 'POST /api/admin/memberships/:id/activate',
      beforeData: expect.objectContaining({ status: 'pending' }),
      afterData: expect.objectContaining({ status: 'active' }),
    });
  });

  it('records a linked Stripe payment under the card, and without its entry neither the payment nor the activation is kept', async () => {
    const card = await pendingCard(510);
    const paymentIntent = stripe!.addPaymentIntent({ amount: 500 });
    const link = () => request(app).post(`/api/admin/memberships/${card.id}/link-stripe-payment`).set(bearer(admin)).send({ stripe_payment_id: paymentIntent, amount: 5 });
    await whileRefusing(db, 'audit_log', () => link().expect(500));
    expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('pending');
    expect(await db.transaction.count({ where: { stripePaymentIntentId: paymentIntent } })).toBe(0);

    await link().expect(200);
    expect(await lastAuditOf(db, 'memberships', card.id)).toMatchObject({
      action: 'link-payment',
      route: 'POST /api/admin/memberships/:id/link-stripe-payment',
      subjectUserId: member.id,
      input: { stripe_payment_id: paymentIntent, amount: 500 },
      beforeData: expect.objectContaining({ status: 'pending' }),
      afterData: expect.objectContaining({ status: 'active' }),
    });
    await mail.waitFor(member.email);
  });

  it('keeps a card whose deletion cannot be recorded', async () => {
    const card = await pendingCard(520);
    await whileRefusing(db, 'audit_log', () => request(app).delete(`/api/admin/memberships/${card.id}`).set(bearer(admin)).expect(500));
    expect(await db.membership.count({ where: { id: card.id } })).toBe(1);
    await request(app).delete(`/api/admin/memberships/${card.id}`).set(bearer(admin)).expect(200);
    expect(await lastAuditOf(db, 'memberships', card.id)).toMatchObject({ action: 'delete', beforeData: expect.objectContaining({ id: card.id }), afterData: null });
  });
});
