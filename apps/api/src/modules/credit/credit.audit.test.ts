// The audit trail of the desk's credit: a top-up, a correction and a refund are each recorded as the
// ledger entry they posted (with its postings), under the member; the credit settings as the settings
// row. Each in the write's own transaction: a refused entry leaves no payment, no entry, no change.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { deskTopUp, ledgerSum } from '../../test/credit-helpers.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const logins = useBackOfficeLogins(app);

const entriesOf = (userId: number) => db.ledgerEntry.findMany({ where: { userId }, orderBy: { id: 'asc' } });
const adjust = (userId: number, amount: string) =>
  request(app).post(`/api/admin/users/${userId}/credit/adjustment`).set(bearer(logins.staff)).send({ amount, reason: 'Errore di cassa' });
const refundCash = (userId: number) => request(app).post(`/api/admin/users/${userId}/credit/refund`).set(bearer(logins.staff)).send({ method: 'cash' });

describe('the desk’s credit writes', () => {
  it('records a top-up, a correction and a cash refund as the ledger entry each posted, under the member', async () => {
    const member = await createMember(db);
    await deskTopUp(app, logins.staff, member, '30');
    await adjust(member.id, '-5').expect(200);
    await refundCash(member.id).expect(200);
    const [topUp, correction, refund] = await entriesOf(member.id);
    const expected = [
      [topUp!, 'top-up', 'POST /api/admin/users/:id/credit/top-up', 'top_up', -3000],
      [correction!, 'adjust', 'POST /api/admin/users/:id/credit/adjustment', 'correction', 500],
      [refund!, 'refund', 'POST /api/admin/users/:id/credit/refund', 'credit_refund', 2500],
    ] as const;
    for (const [entry, action, route, kind, onCredit] of expected) {
      const audited = await lastAuditOf(db, 'ledger_entries', entry.id);
      expect(audited).toMatchObject({
        action,
        route,
        subjectUserId: member.id,
        beforeData: null,
        afterData: expect.objectContaining({ id: entry.id, kind, user_id: member.id }),
      });
      // The postings say what the entry moved: here, what came into or left the member's credit.
      const postings = (audited!.afterData as { postings: { account: string; amount_cents: number }[] }).postings;
      expect(postings.filter((posting) => posting.account.includes(`:${member.id}`)).reduce((sum, posting) => sum + posting.amount_cents, 0)).toBe(onCredit);
    }
  });

  it('keeps no payment, entry or credit when the audit log refuses the entry', async () => {
    const member = await createMember(db);
    await deskTopUp(app, logins.staff, member, '20');
    const payments = () => db.transaction.count({ where: { userId: member.id } });
    const [entries, paid, balance] = [await entriesOf(member.id), await payments(), await ledgerSum(db, member.id)];
    await whileRefusing(db, 'audit_log', async () => {
      await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(logins.staff)).send({ amount: '10', method: 'cash' }).expect(500);
      await adjust(member.id, '5').expect(500);
      await refundCash(member.id).expect(500);
    });
    expect(await entriesOf(member.id)).toEqual(entries);
    expect(await payments()).toBe(paid);
    expect(await ledgerSum(db, member.id)).toBe(balance);
  });
});

describe('PUT /api/admin/credit/settings', () => {
  it('records the settings row before and after; refused by the audit log, the settings stay', async () => {
    const { creditTopUpMaxCents } = await db.setting.findUniqueOrThrow({ where: { id: 1 } });
    await request(app).put('/api/admin/credit/settings').set(bearer(logins.admin)).send({ top_up_min: '10', top_up_max: '150', correction_limit: '50', confirm_above: '200' }).expect(200);
    expect(await lastAuditOf(db, 'settings', null)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/credit/settings',
      subjectUserId: null,
      beforeData: expect.objectContaining({ credit_top_up_max_cents: creditTopUpMaxCents }),
      afterData: expect.objectContaining({ credit_top_up_max_cents: 15000 }),
    });
    await whileRefusing(db, 'audit_log', () =>
      request(app).put('/api/admin/credit/settings').set(bearer(logins.admin)).send({ top_up_min: '10', top_up_max: '90', correction_limit: '50', confirm_above: '200' }).expect(500),
    );
    expect((await db.setting.findUniqueOrThrow({ where: { id: 1 } })).creditTopUpMaxCents).toBe(15000);
  });
});
