// The desk's corrections over HTTP on the real database: the limit is a day's total per staff member
// (counted under a lock, so corrections at once cannot all pass), and each correction is its own entry
// however many come in the same millisecond.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { ledgerSum } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { CREDIT_MESSAGES } from './credit.service.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const logins = useBackOfficeLogins(app);

/** A staff member of the test's own: their day's corrections start at nothing. */
async function newClerk(): Promise<TestMember> {
  const clerk = await createMember(db, { firstName: 'Carla', lastName: 'Cassa' });
  await db.user.update({ where: { id: clerk.id }, data: { role: 'staff' } });
  return clerk;
}
const adjust = (token: string, userId: number, amount: string, reason = 'Torneo annullato') =>
  request(app).post(`/api/admin/users/${userId}/credit/adjustment`).set(bearer(token)).send({ amount, reason });

let limitCents: number;
beforeAll(async () => {
  limitCents = (await db.setting.findUniqueOrThrow({ where: { id: 1 } })).creditCorrectionLimitCents;
});

describe('the correction limit', () => {
  it('is a daily total per staff member: two +50 € with a 50 € limit, the second is refused; taking away and an admin are not counted', async () => {
    expect(limitCents).toBe(5000);
    const clerk = await newClerk();
    const [member, other] = await Promise.all([createMember(db), createMember(db)]);
    await adjust(clerk.token, member.id, '50').expect(200);
    const refused = await adjust(clerk.token, other.id, '50').expect(403);
    expect(refused.body.message).toBe(CREDIT_MESSAGES.aboveLimit(5000));
    await adjust(clerk.token, other.id, '0,01').expect(403);
    // Taking credit away is not limited, and gives no room back.
    await adjust(clerk.token, member.id, '-20').expect(200);
    await adjust(clerk.token, other.id, '1').expect(403);
    // Another staff member has their own day; an admin has no limit.
    await adjust(logins.admin, other.id, '80').expect(200);
    const second = await newClerk();
    await adjust(second.token, other.id, '50').expect(200);
    expect(await ledgerSum(db, member.id)).toBe(3000);
    expect(await ledgerSum(db, other.id)).toBe(13_000);
  });

  it('counts corrections made at once one after the other: of ten +10 € at once, five pass', async () => {
    const clerk = await newClerk();
    const member = await createMember(db);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => adjust(clerk.token, member.id, '10', `Prova ${i}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(5).fill(200), ...Array(5).fill(403)]);
    expect(await ledgerSum(db, member.id)).toBe(5000);
  });
});

describe('corrections in the same millisecond', () => {
  it('are each their own entry: 30 of 1 € at once give 30 entries, 30 ids answered, 30 audit rows', async () => {
    const member = await createMember(db);
    const answers = await Promise.all(Array.from({ length: 30 }, () => adjust(logins.admin, member.id, '1', 'Omaggio')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    const ids = answers.map((answer) => answer.body.movement.id as number);
    expect(new Set(ids).size).toBe(30);
    const entries = await db.ledgerEntry.findMany({ where: { userId: member.id, kind: 'correction' } });
    expect(entries).toHaveLength(30);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(30);
    expect(await db.auditLog.count({ where: { entityType: 'ledger_entries', action: 'adjust', subjectUserId: member.id } })).toBe(30);
    expect(await ledgerSum(db, member.id)).toBe(3000);
  });
});
