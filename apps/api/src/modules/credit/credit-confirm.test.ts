// Large amounts at the desk (docs/domain.md#credit): a top-up or a credit refund above the admin's setting
// (200 € by default) is booked only with the desk's confirmation, and refused without it with the amount in
// words, nothing written.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { ledgerSum } from '../../test/credit-helpers.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: string;
let admin: string;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
});
const topUp = (userId: number, body: Record<string, unknown>) => request(app).post(`/api/admin/users/${userId}/credit/top-up`).set(bearer(staff)).send({ method: 'cash', ...body });
/** Intl writes a no-break space before the euro sign. */
const said = (text: string) => text.replace(/ €/g, '\u00a0€');
const refund = (userId: number, body: Record<string, unknown>) => request(app).post(`/api/admin/users/${userId}/credit/refund`).set(bearer(staff)).send({ method: 'cash', ...body });

describe('large amounts at the desk', () => {
  it('refuses a top-up above 200 € without the confirmation, with the amount in words, and books it once confirmed', async () => {
    const member = await createMember(db);
    const slip = await topUp(member.id, { amount: '1000' }).expect(422);
    expect(slip.body.errors).toEqual({ amount: [said('Sopra 200,00 € l’importo va confermato: 1.000,00 € (mille euro). Controlla e conferma.')] });
    expect(await ledgerSum(db, member.id)).toBe(0);
    expect(await db.transaction.count({ where: { userId: member.id } })).toBe(0);
    await topUp(member.id, { amount: '200' }).expect(200);
    await topUp(member.id, { amount: '1000', confirmed: true }).expect(200);
    expect(await ledgerSum(db, member.id)).toBe(120_000);
  });

  it('refuses a cash refund above 200 € without the confirmation, also the whole credit asked with no amount', async () => {
    const member = await createMember(db);
    await topUp(member.id, { amount: '1000', confirmed: true }).expect(200);
    await topUp(member.id, { amount: '200' }).expect(200);
    const typed = await refund(member.id, { amount: '1000' }).expect(422);
    expect(typed.body.errors.amount).toEqual([said('Sopra 200,00 € l’importo va confermato: 1.000,00 € (mille euro). Controlla e conferma.')]);
    const whole = await refund(member.id, { amount: '' }).expect(422);
    expect(whole.body.errors.amount).toEqual([said('Sopra 200,00 € l’importo va confermato: 1.200,00 € (milleduecento euro). Controlla e conferma.')]);
    expect(await ledgerSum(db, member.id)).toBe(120_000);
    await refund(member.id, { amount: '150' }).expect(200);
    await refund(member.id, { amount: '', confirmed: true }).expect(200);
    expect(await ledgerSum(db, member.id)).toBe(0);
  });

  it('follows the admin’s setting, which the statement gives the desk', async () => {
    const member = await createMember(db);
    const settings = { top_up_min: '10', top_up_max: '200', correction_limit: '50' };
    await request(app).put('/api/admin/credit/settings').set(bearer(admin)).send({ ...settings, confirm_above: '50' }).expect(200);
    try {
      const statement = await request(app).get(`/api/admin/users/${member.id}/credit`).set(bearer(staff)).expect(200);
      expect(statement.body.confirm_above).toBe('50.00');
      expect((await topUp(member.id, { amount: '60' }).expect(422)).body.errors.amount).toEqual([said('Sopra 50,00 € l’importo va confermato: 60,00 € (sessanta euro). Controlla e conferma.')]);
      await topUp(member.id, { amount: '50' }).expect(200);
    } finally {
      await request(app).put('/api/admin/credit/settings').set(bearer(admin)).send({ ...settings, confirm_above: '200' }).expect(200);
    }
  });
});
