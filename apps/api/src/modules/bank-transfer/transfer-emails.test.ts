// Transfer details in the e-mails that ask a member for money, besides the enrolment's reminder (its own
// test): a camp's balance left after its deposit, a tournament part charged to the invited partner and to
// the players offered a freed place, a card asked for and still unpaid an hour later. Each is
// received by a loopback SMTP server, in the member's language, with the IBAN, the amount, the part's RF
// reference and the EPC QR code attached, read back with jsQR.
import type { ParsedMail } from 'mailparser';
import jsQR from 'jsqr';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { seasonOfToday } from '../../test/days.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { decodeRgbaPng } from '../../test/png-pixels.js';
import { addDays, fromIsoDate, timeOf, todayInRome } from '../../lib/time.js';
import { giveCard, makeChild, makeCourse } from '../enrolments/test-courses.js';
import { makeTournament } from '../tournaments/test-tournaments.js';
import { referenceOf } from './creditor-reference.js';

const mail = await startMailCatcher();
const { app, db, services, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const IBAN = 'IT60X0542811101000000123456';
const HOLDER = 'ASD Beach Club';

let staff: string;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  await request(app).put('/api/admin/bank/account').set(bearer(await loginAs(app, DEMO.admin))).send({ iban: IBAN, holder: HOLDER }).expect(200);
});

const carded = async (locale = 'it') => {
  const member = await createMember(db);
  await giveCard(db, member.id);
  await db.user.update({ where: { id: member.id }, data: { locale } });
  return member;
};
const register = (member: TestMember, tournamentId: number, partnerEmail: string) =>
  request(app).post(`/api/tournaments/${tournamentId}/entries`).set(bearer(member.token)).send({ partner_email: partnerEmail }).expect(201);
const grouped = (text: string) => text.replace(/(.{4})/g, '$1 ').trim();
const partOf = (tournamentId: number, member: TestMember) => db.tournamentPlayer.findFirstOrThrow({ where: { tournamentId, userId: member.id } });

/** The EPC069-12 payload of the e-mail's QR picture (its one inline attachment), as a banking app reads it. */
function qrOf(email: ParsedMail) {
  expect(email.attachments.map((file) => [file.contentType, file.contentDisposition])).toEqual([['image/png', 'inline']]);
  const { width, height, pixels } = decodeRgbaPng(email.attachments[0]!.content);
  return jsQR(pixels, width, height)?.data.split('\n');
}

describe('a camp’s balance to pay', () => {
  it('the confirmation of the deposit, in German, says how to pay the balance by transfer, with the balance’s RF reference and QR code', async () => {
    const course = await makeCourse(db, { priceCents: 10_000 });
    await db.course.update({ where: { id: course.id }, data: { depositCents: 3000, balanceDueOn: fromIsoDate(addDays(todayInRome(), 10)) } });
    const parent = await carded('de');
    const child = await makeChild(db, parent.id);
    const enrolment = (await request(app).post('/api/me/enrolments').set(bearer(parent.token)).send({ course_id: course.id, kind: 'course', child_id: child.id }).expect(201)).body.enrolment as { id: number };
    await request(app).post(`/api/admin/enrolments/${enrolment.id}/collect`).set(bearer(staff)).send({ method: 'cash' }).expect(200);

    const confirmation = await mail.waitFor(parent.email, 10_000);
    const reference = referenceOf({ kind: 'enrolment', id: enrolment.id, seq: 2 });
    expect(confirmation.text).toContain(`IBAN ${grouped(IBAN)}, Kontoinhaber ${HOLDER}, Betrag 70,00\u00a0€, Verwendungszweck ${grouped(reference)}.`);
    expect(qrOf(confirmation)).toEqual(expect.arrayContaining([IBAN, 'EUR70.00', reference]));
  });
});

describe('a tournament part to pay', () => {
  it('the invited partner’s e-mail, in German, says how to pay their part by transfer, with its RF reference and QR code', async () => {
    const tournament = await makeTournament(db, { feeCents: 2000 });
    const [organiser, partner] = [await carded(), await carded('de')];
    await register(organiser, tournament.id, partner.email);
    const invitation = await mail.waitFor(partner.email, 10_000);
    const reference = referenceOf({ kind: 'tournament', playerId: (await partOf(tournament.id, partner)).id });
    expect(invitation.text).toContain(`Du kannst auch per Überweisung zahlen: IBAN ${grouped(IBAN)}, Kontoinhaber ${HOLDER}, Betrag 20,00\u00a0€, Verwendungszweck ${grouped(reference)}.`);
    expect(invitation.html).toContain('alt="QR-Code der Überweisung"');
    const qr = qrOf(invitation);
    expect(qr?.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(qr).toEqual(expect.arrayContaining([HOLDER, IBAN, 'EUR20.00', reference]));
  });

  it('each player offered a freed place is told how to pay their own part by transfer', async () => {
    const tournament = await makeTournament(db, { maxEntries: 2, feeCents: 1500 });
    const [first, firstPartner, other, otherPartner] = [await carded(), await carded(), await carded(), await carded()];
    const [waiting, waitingPartner] = [await carded('en'), await carded()];
    const leaving = (await register(first, tournament.id, firstPartner.email)).body.entry.id as number;
    await register(other, tournament.id, otherPartner.email);
    expect((await register(waiting, tournament.id, waitingPartner.email)).body.entry.status).toBe('waiting');
    await request(app).post(`/api/me/tournament-entries/${leaving}/withdraw`).set(bearer(first.token)).expect(200);

    const offered = await mail.waitFor(waiting.email, 10_000, /^A place has freed up/);
    const reference = referenceOf({ kind: 'tournament', playerId: (await partOf(tournament.id, waiting)).id });
    expect(offered.text).toContain(`IBAN ${grouped(IBAN)}, account holder ${HOLDER}, amount €15.00, reference ${grouped(reference)}.`);
    expect(qrOf(offered)).toEqual(expect.arrayContaining([IBAN, 'EUR15.00', reference]));

    const toPartner = await mail.waitFor(waitingPartner.email, 10_000, /^Si è liberato un posto/);
    const partnerReference = referenceOf({ kind: 'tournament', playerId: (await partOf(tournament.id, waitingPartner)).id });
    expect(toPartner.text).toContain(`importo 15,00\u00a0€, causale ${grouped(partnerReference)}.`);
    expect(qrOf(toPartner)).toEqual(expect.arrayContaining([IBAN, 'EUR15.00', partnerReference]));
  });
});

describe('a card to pay', () => {
  const ask = async (member: TestMember) =>
    (await request(app).post('/api/memberships').set(bearer(member.token)).send({ type: 'monthly', start_date: seasonOfToday().aSeasonDay, fiscal_code: member.fiscalCode }).expect(201)).body as { membership: { id: number; membership_number: string; price: string; created_at: string }; checkout_url: string };
  /** The e-mails of 'membership-unpaid' queued for `email` (pg-boss's table): none means the member was not asked. */
  const toPayQueued = async (email: string) =>
    (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = ${email} AND data->>'subject' LIKE '%awaiting payment'`)[0]!.n;

  it('an hour after a member asks for a card and has not paid it, an e-mail in English says what it owes, until when, and how to pay it by transfer with its RF reference and QR code', async () => {
    const member = await createMember(db, { birthDate: '1991-04-04' });
    await db.user.update({ where: { id: member.id }, data: { locale: 'en' } });
    const { membership: card } = await ask(member);
    // The request schedules its job an hour later.
    const [job] = await db.$queryRaw<{ delay: number }[]>`SELECT extract(epoch FROM start_after - created_on)::int AS delay FROM pgboss.job WHERE name = 'membership-unpaid' AND (data->>'membershipId')::int = ${card.id}`;
    expect(job!.delay).toBeGreaterThanOrEqual(3599);

    await services.memberships.sendPaymentReminder(card.id);
    const email = await mail.waitFor(member.email, 10_000, /awaiting payment/);
    const reference = referenceOf({ kind: 'membership', id: card.id });
    const withdrawn = new Date(Date.parse(card.created_at) + 24 * 3600_000);
    expect(email.subject).toBe(`Your membership card ${card.membership_number} is awaiting payment`);
    expect(email.text).toContain(`€${card.price} is still to pay; the request holds until`);
    expect(email.text).toContain(`at ${timeOf(withdrawn)}, then it is withdrawn.`);
    expect(email.text).toContain(`IBAN ${grouped(IBAN)}, account holder ${HOLDER}, amount €${card.price}, reference ${grouped(reference)}.`);
    const qr = qrOf(email);
    expect(qr?.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(qr).toEqual(expect.arrayContaining([HOLDER, IBAN, `EUR${card.price}`, reference]));
  });

  it('a card paid within the hour gets no such e-mail', async () => {
    const member = await createMember(db, { birthDate: '1992-05-05' });
    const { membership: card, checkout_url: checkoutUrl } = await ask(member);
    await stripe!.pay(checkoutUrl.split('/').pop()!);
    await expect.poll(async () => (await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status, { timeout: 15_000 }).toBe('active');
    await services.memberships.sendPaymentReminder(card.id);
    expect(await toPayQueued(member.email)).toBe(0);
  });
});
