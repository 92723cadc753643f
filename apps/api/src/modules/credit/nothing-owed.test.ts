// "Nothing owed" is the state of the member's accounts, not a bad request (docs/domain.md#credit): each
// route that collects a debt or gives money back answers 409 with its reason when there is none, and
// moves nothing.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { ledgerSum } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { CREDIT_REFUND_MESSAGES, REFUND_DUE_MESSAGES } from './credit-refunds.js';
import { debtMessages } from './member-debt.js';

const { app, db } = await useTestApp({}, { stripe: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let staff: string;
let member: TestMember;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  member = await createMember(db);
});

describe('nothing owed, either way', () => {
  it.each([
    ['the desk collects a debt in cash', () => request(app).post(`/api/admin/users/${member.id}/debt/settle`).set(bearer(staff)).send({ method: 'cash' }), debtMessages.nothingOwed.message],
    ['the desk collects a debt from the credit', () => request(app).post(`/api/admin/users/${member.id}/debt/settle`).set(bearer(staff)).send({ method: 'credit' }), debtMessages.nothingOwed.message],
    ['the member pays their debt online', () => request(app).post('/api/me/debt/checkout').set(bearer(member.token)).send({}), debtMessages.nothingOwed.message],
    ['the desk pays out a refund due', () => request(app).post(`/api/admin/users/${member.id}/credit/refund-due`).set(bearer(staff)).send({ method: 'cash' }), REFUND_DUE_MESSAGES.nothing],
    ['the desk refunds credit', () => request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(staff)).send({ method: 'cash' }), CREDIT_REFUND_MESSAGES.nothing],
  ])('%s: 409 with the reason, nothing moved', async (_, call, message) => {
    const response = await call();
    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body.message).toBe(message);
    expect(await ledgerSum(db, member.id)).toBe(0);
    expect(await db.transaction.count({ where: { userId: member.id } })).toBe(0);
  });
});
