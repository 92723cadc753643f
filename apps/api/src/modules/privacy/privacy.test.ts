// Privacy (GDPR): a member's export holds their own data and nobody else's — their money (credit from the
// ledger), their children's enrolments, their waiting places, tournament entries and partner-finder posts
// and answers included; erasure needs the password, anonymises the account and keeps the accounts' records.
import { PRIVACY_MESSAGES } from '@beach/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-data.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeCamp, makeChild } from '../enrolments/test-courses.js';
import { makeTournament } from '../tournaments/test-tournaments.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function giveCardAndPayment(userId: number, fiscalCode: string) {
  const card = await db.membership.create({
    data: { membershipNumber: `P-${userId}-${Date.now()}`, userId, type: 'daily', fiscalCode, couponCode: 'ESTATE', startDate: new Date('2026-07-01'), endDate: new Date('2026-07-01'), originalPriceCents: 500, priceCents: 400, discountCents: 100 },
  });
  const payment = await db.transaction.create({ data: { kind: 'membership', membershipId: card.id, userId, amountCents: 400, method: 'cash', status: 'completed', paidAt: new Date() } });
  // Written without the API: posted as the ledger's history is, so the books have it.
  await db.$executeRaw`SELECT ledger_post_history()`;
  return { card, payment };
}

describe('data export', () => {
  it('holds the member’s profile, cards, payments and coupon uses, and nothing of another member', async () => {
    const member = await createMember(db, { firstName: 'Anna', lastName: 'Rossi' });
    const other = await createMember(db, { firstName: 'Bruno', lastName: 'Verdi' });
    const mine = await giveCardAndPayment(member.id, member.fiscalCode);
    const theirs = await giveCardAndPayment(other.id, other.fiscalCode);
    const response = await request(app).get('/api/me/export').set(bearer(member.token)).expect(200);
    expect(response.body.profile).toMatchObject({ id: member.id, email: member.email, first_name: 'Anna' });
    expect(response.body.profile).not.toHaveProperty('password_hash');
    expect(response.body.memberships).toMatchObject([{ id: mine.card.id, fiscal_code: member.fiscalCode, price: '4.00' }]);
    expect(response.body.payments).toMatchObject([{ id: mine.payment.id, amount: '4.00' }]);
    expect(response.body.coupon_uses).toMatchObject([{ code: 'ESTATE', used_for: 'membership', reference: mine.card.membershipNumber }]);
    expect(response.body).toHaveProperty('bookings');
    expect(response.body).toHaveProperty('waitlist');
    const text = JSON.stringify(response.body);
    for (const foreign of [other.email, other.fiscalCode, theirs.card.membershipNumber, 'Bruno']) expect(text).not.toContain(foreign);
    await request(app).get('/api/me/export').expect(401);
  });
});

/**
 * The member's money and activity beside the profile: credit topped up at the desk, a child enrolled in a
 * camp, a child waiting for a place, a tournament entry and one waiting, a partner-finder post and an
 * answer to another's post. Each text named after `who`, so another member's cannot hide in the export.
 */
async function giveActivity(member: TestMember, who: string, staff: string, tournaments: { id: number }[]) {
  await deskTopUp(app, staff, member, who === 'Anna' ? '30' : '45');
  const camp = await makeCamp(db);
  const child = await makeChild(db, member.id, `Figlio${who}`, '2018-01-01');
  const enrolment = (await request(app).post('/api/me/enrolments').set(bearer(member.token)).send({ course_id: camp.id, kind: 'course', child_id: child.id }).expect(201)).body.enrolment;
  const waiting = await makeChild(db, member.id, `Attesa${who}`, '2018-01-01');
  await db.courseWaitlistEntry.create({ data: { courseId: camp.id, userId: member.id, childId: waiting.id } });
  const [played, full] = tournaments;
  for (const [tournament, status] of [[played!, 'confirmed'], [full!, 'waiting']] as const) {
    await db.tournamentEntry.create({ data: { tournamentId: tournament.id, status, players: { create: [{ tournamentId: tournament.id, userId: member.id, feeCents: 2000, acceptedAt: new Date() }] } } });
  }
  const post = await db.tournamentPartnerPost.create({ data: { tournamentId: played!.id, userId: member.id, level: 'intermedio', note: `Cerco compagna, ${who}` } });
  return { enrolment, post };
}

describe('data export of money and activity', () => {
  it('holds the credit movements, the children’s enrolments, waiting places, tournament entries and partner posts and answers, and nothing of another member', async () => {
    const staff = await loginAs(app, DEMO.staff);
    const tournaments = [await makeTournament(db), await makeTournament(db)];
    const member = await createMember(db, { firstName: 'Anna', lastName: 'Rossi' });
    const other = await createMember(db, { firstName: 'Bruno', lastName: 'Verdi' });
    const mine = await giveActivity(member, 'Anna', staff, tournaments);
    const theirs = await giveActivity(other, 'Bruno', staff, tournaments);
    // Each answers the other's post: the member's answer is theirs, the one they received is the other's.
    await db.tournamentPartnerAnswer.create({ data: { postId: theirs.post.id, userId: member.id, message: 'Ci sto, Anna' } });
    await db.tournamentPartnerAnswer.create({ data: { postId: mine.post.id, userId: other.id, message: 'Ci sto, Bruno' } });

    const body = (await request(app).get('/api/me/export').set(bearer(member.token)).expect(200)).body;
    expect(body.credit).toMatchObject({ balance: '30.00', movements: [{ kind: 'top_up', amount: '30.00', pending: false }] });
    expect(body.enrolments).toMatchObject([{ id: mine.enrolment.id, participant: { name: 'FiglioAnna Bianchi' }, status: 'pending_payment', owed: mine.enrolment.owed }]);
    expect(body.course_waitlist).toMatchObject([{ course_name: mine.enrolment.course.name, participant_name: 'AttesaAnna Bianchi', status: 'waiting' }]);
    // Newest first: the entry on the waiting list was made last.
    expect(body.tournament_entries).toMatchObject([
      { tournament_name: tournaments[1]!.name, status: 'waiting', fee: '20.00' },
      { tournament_name: tournaments[0]!.name, status: 'confirmed', fee: '20.00' },
    ]);
    expect(body.partner_posts).toMatchObject([{ tournament_name: tournaments[0]!.name, level: 'intermedio', note: 'Cerco compagna, Anna', answers: 1, closed_at: null }]);
    expect(body.partner_answers).toMatchObject([{ tournament_name: tournaments[0]!.name, message: 'Ci sto, Anna' }]);

    const text = JSON.stringify(body);
    for (const foreign of [other.email, other.fiscalCode, 'Bruno', 'Verdi', '45.00', theirs.enrolment.course.name]) expect(text).not.toContain(foreign);
  });
});

describe('erasure requested by the member', () => {
  it('needs the password, then anonymises the account, ends the session and keeps the payments', async () => {
    const member = await createMember(db, { firstName: 'Carla', lastName: 'Neri' });
    const { card, payment } = await giveCardAndPayment(member.id, member.fiscalCode);
    const wrong = await request(app).post('/api/me/erasure').set(bearer(member.token)).send({ password: 'sbagliata1' }).expect(422);
    expect(wrong.body.errors.password).toEqual([PRIVACY_MESSAGES.wrongPassword]);
    await request(app).post('/api/me/erasure').set(bearer(member.token)).send({}).expect(422);
    const erased = await request(app).post('/api/me/erasure').set(bearer(member.token)).send({ password: DEMO_PASSWORD }).expect(200);
    expect(erased.body.message).toBe(PRIVACY_MESSAGES.erased);
    const user = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(user).toMatchObject({ firstName: 'Utente', lastName: 'cancellato', email: `cancellato-${member.id}@anonimo.invalid`, phone: null, birthDate: null });
    expect(user.erasedAt).not.toBeNull();
    expect(user.disabledAt).not.toBeNull();
    expect(await db.membership.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ membershipNumber: card.membershipNumber, fiscalCode: null, priceCents: 400 });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ amountCents: 400, status: 'completed', userId: member.id });
    await request(app).get('/api/me/export').set(bearer(member.token)).expect(401);
    await request(app).post('/api/auth/login').send({ email: member.email, password: DEMO_PASSWORD }).expect(401);
  });

  it('is refused to staff and admins, who must first be made Utente by an admin', async () => {
    for (const email of [DEMO.staff, DEMO.admin]) {
      const token = await loginAs(app, email);
      const refused = await request(app).post('/api/me/erasure').set(bearer(token)).send({ password: DEMO_PASSWORD }).expect(409);
      expect(refused.body.message).toBe(PRIVACY_MESSAGES.staffCannotErase);
    }
    expect(await db.user.count({ where: { email: { in: [DEMO.staff, DEMO.admin] }, erasedAt: null } })).toBe(2);
  });
});
