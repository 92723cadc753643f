// Consents through the real database, job queue and SMTP on loopback: the privacy notice's version
// kept at registration with the optional consents, a minor's guardian, every change on the profile kept
// with its time, the desk's view, newsletters only to those who consented (with RFC 8058 headers as the
// SMTP server receives them), the unsubscribe link working once and idempotently, and the data export.
import { createHmac } from 'node:crypto';
import { CONSENT_MESSAGES, PRIVACY_NOTICE_VERSION } from '@beach/contracts';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { startWorkers } from '../../workers.js';
import { unsubscribeLinks } from './consents.service.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { linkIn, startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';

const mail = await startMailCatcher();
const WEB = 'http://web.example.test';
const { app, db, deps, services } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: WEB, MAIL_RATE_PER_SECOND: '50' });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});
let staff: string;
let admin: string;
let counter = 0;

/** A birth date `years` years ago (minus a day, so the birthday has passed). */
const bornYearsAgo = (years: number) => addDays(`${Number(today.slice(0, 4)) - years}${today.slice(4)}`, -1);

const registration = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Nadia',
  last_name: 'Consensi',
  email: `consensi.${Date.now()}.${++counter}@esempio.it`,
  phone: '+39 333 1234567',
  birth_date: '1990-04-12',
  password: 'Password1',
  password_confirmation: 'Password1',
  privacy_consent: true,
  ...extra,
});

beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
});

describe('registration', () => {
  it('keeps the privacy notice’s version and time, and the optional consents given', async () => {
    const before = Date.now();
    const body = registration({ photo_consent: true });
    const created = await request(app).post('/api/auth/register').send(body).expect(201);
    const consents = await db.memberConsent.findUniqueOrThrow({ where: { userId: created.body.user.id } });
    expect(consents).toMatchObject({ privacyVersion: PRIVACY_NOTICE_VERSION, photos: true, newsletter: false, guardianName: null });
    const history = await db.consentEvent.findMany({ where: { userId: created.body.user.id }, orderBy: { id: 'asc' } });
    expect(history.map(({ consent, granted, detail }) => ({ consent, granted, detail }))).toEqual([
      { consent: 'privacy', granted: true, detail: PRIVACY_NOTICE_VERSION },
      { consent: 'photos', granted: true, detail: 'registrazione' },
      { consent: 'newsletter', granted: false, detail: 'registrazione' },
    ]);
    expect(history[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('needs a parent or guardian’s name, fiscal code and acceptance under 14, and records them', async () => {
    const child = registration({ birth_date: bornYearsAgo(12) });
    // Every wrong field at once: a missing name does not hide the guardian's fields.
    const refused = await request(app).post('/api/auth/register').send({ ...child, first_name: '' }).expect(422);
    expect(refused.body.errors).toMatchObject({
      first_name: ['Campo obbligatorio.'],
      guardian_name: [CONSENT_MESSAGES.guardianName],
      guardian_fiscal_code: [CONSENT_MESSAGES.guardianFiscalCode],
      guardian_consent: [CONSENT_MESSAGES.guardianConsent],
    });
    expect(await db.user.count({ where: { email: child.email } })).toBe(0);

    const created = await request(app)
      .post('/api/auth/register')
      .send({ ...child, guardian_name: 'Laura Consensi', guardian_fiscal_code: 'cnslra80a41h501z', guardian_consent: true })
      .expect(201);
    const consents = await db.memberConsent.findUniqueOrThrow({ where: { userId: created.body.user.id } });
    expect(consents).toMatchObject({ guardianName: 'Laura Consensi', guardianFiscalCode: 'CNSLRA80A41H501Z' });
    expect(consents.guardianAcceptedAt).toBeInstanceOf(Date);
    expect(await db.consentEvent.count({ where: { userId: created.body.user.id, consent: 'guardian', granted: true } })).toBe(1);

    // From 14 on the member consents alone.
    const teen = await request(app).post('/api/auth/register').send(registration({ birth_date: bornYearsAgo(15) })).expect(201);
    expect((await db.memberConsent.findUniqueOrThrow({ where: { userId: teen.body.user.id } })).guardianName).toBeNull();
  });

  it('refuses a future birth date with one error on the date, in the request’s language, and asks for no guardian', async () => {
    const tomorrow = addDays(today, 1);
    const refused = await request(app).post('/api/auth/register').set('Accept-Language', 'de').send(registration({ birth_date: tomorrow })).expect(422);
    expect(refused.body.errors).toEqual({ birth_date: ['Das Geburtsdatum darf nicht in der Zukunft liegen.'] });
    const italian = await request(app).post('/api/auth/register').send(registration({ birth_date: tomorrow })).expect(422);
    expect(italian.body.errors).toEqual({ birth_date: ['La data di nascita non può essere nel futuro.'] });
  });
});

describe('/api/me/consents', () => {
  it('changes the optional consents at any time and keeps every change with its time', async () => {
    const member = await createMember(db);
    const initial = await request(app).get('/api/me/consents').set(bearer(member.token)).expect(200);
    expect(initial.body).toMatchObject({ photos: false, newsletter: false, history: [] });

    await request(app).put('/api/me/consents').set(bearer(member.token)).send({ photos: true, newsletter: true }).expect(200);
    await request(app).put('/api/me/consents').set(bearer(member.token)).send({ photos: true, newsletter: true }).expect(200); // no change: nothing recorded
    const latest = await request(app).put('/api/me/consents').set(bearer(member.token)).send({ photos: false, newsletter: true }).expect(200);
    expect(latest.body).toMatchObject({ photos: false, newsletter: true });
    expect(latest.body.history.map(({ consent, granted }: { consent: string; granted: boolean }) => [consent, granted])).toEqual([
      ['photos', true],
      ['newsletter', true],
      ['photos', false],
    ]);
    for (const event of latest.body.history) expect(new Date(event.at).getTime()).toBeLessThanOrEqual(Date.now());

    const bad = await request(app).put('/api/me/consents').set(bearer(member.token)).send({ photos: 'sì' }).expect(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['photos', 'newsletter']));
    await request(app).put('/api/me/consents').send({ photos: true, newsletter: true }).expect(401);
  });

  it('shows the desk the guardian and, under 18, that a parent must sign; members cannot read others', async () => {
    const minor = await createMember(db, { birthDate: bornYearsAgo(16) });
    const adult = await createMember(db, { birthDate: bornYearsAgo(30) });
    expect((await request(app).get(`/api/admin/users/${minor.id}/consents`).set(bearer(staff)).expect(200)).body.needs_parent_signature).toBe(true);
    expect((await request(app).get(`/api/admin/users/${adult.id}/consents`).set(bearer(staff)).expect(200)).body.needs_parent_signature).toBe(false);
    await request(app).get(`/api/admin/users/${adult.id}/consents`).set(bearer(minor.token)).expect(403);
    await request(app).get('/api/admin/users/99999999/consents').set(bearer(staff)).expect(404);
  });
});

describe('newsletter', () => {
  let subscriber: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    [subscriber, other] = await Promise.all([createMember(db, { firstName: 'Iscritta' }), createMember(db, { firstName: 'Nonisc' })]);
    for (const [index, member] of [subscriber, other].entries()) {
      const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2034) AS number`;
      const day = fromIsoDate(`2034-06-0${index + 1}`);
      await db.membership.create({ data: { membershipNumber: issued!.number, userId: member.id, type: 'daily', status: 'active', startDate: day, endDate: day, originalPriceCents: 500, priceCents: 500, activatedAt: new Date() } });
    }
    await request(app).put('/api/me/consents').set(bearer(subscriber.token)).send({ photos: false, newsletter: true }).expect(200);
  });

  const send = (kind: 'service' | 'newsletter', subject: string) =>
    request(app).post('/api/admin/broadcast-email').set(bearer(admin)).send({ kind, recipient_type: 'specific', specific_emails: [subscriber.email, other.email], subject, message: 'Novità in spiaggia.' });
  const header = (message: ParsedMail, name: string) => message.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');

  it('a service message reaches every selected holder, a newsletter only those who consented, with the one-click unsubscribe headers', async () => {
    const counted = await request(app).post('/api/admin/broadcast-email/count-recipients').set(bearer(admin)).send({ kind: 'newsletter', recipient_type: 'specific', specific_emails: [subscriber.email, other.email] }).expect(200);
    expect(counted.body.count).toBe(1);

    expect((await send('service', 'Chiusura campi').expect(202)).body.total).toBe(2);
    const service = await mail.waitFor(other.email);
    expect(service.subject).toBe('Chiusura campi');
    expect(header(service, 'list-unsubscribe')).toBeUndefined();
    expect((await mail.waitFor(subscriber.email)).subject).toBe('Chiusura campi');

    expect((await send('newsletter', 'Torneo d’estate').expect(202)).body.total).toBe(1);
    const newsletter = await mail.waitFor(subscriber.email);
    expect(newsletter.subject).toBe('Torneo d’estate');
    expect(header(newsletter, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(header(newsletter, 'list-unsubscribe') ?? '')?.[1];
    expect(oneClick).toMatch(new RegExp(`^${WEB}/api/newsletter/unsubscribe\\?token=${subscriber.id}\\.`));
    // The visible link opens the page with the button (no login needed).
    expect(linkIn(newsletter, `${WEB}/disiscrizione?token=`)).toBe(oneClick!.replace('/api/newsletter/unsubscribe', '/disiscrizione'));
    expect(mail.messages.filter((message) => message.subject === 'Torneo d’estate')).toHaveLength(1);

    // RFC 8058: the provider POSTs "List-Unsubscribe=One-Click" to the address, without any session.
    const path = oneClick!.slice(WEB.length);
    const status = await request(app).get(path).expect(200);
    expect(status.body).toEqual({ email: `${subscriber.email.slice(0, 2)}***@esempio.it`, subscribed: true });
    const first = await request(app).post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(first.body.message).toBe(CONSENT_MESSAGES.unsubscribed);
    const again = await request(app).post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(again.body.message).toBe(CONSENT_MESSAGES.unsubscribed);
    expect((await request(app).get(path).expect(200)).body.subscribed).toBe(false);
    const events = await db.consentEvent.findMany({ where: { userId: subscriber.id, consent: 'newsletter' }, orderBy: { id: 'asc' } });
    expect(events.map(({ granted, detail }) => [granted, detail])).toEqual([
      [true, 'profilo'],
      [false, 'disiscrizione'],
    ]);

    // Nobody left to send a newsletter to.
    const nobody = await send('newsletter', 'Altra newsletter').expect(422);
    expect(nobody.body.message).toBe('Nessun destinatario con indirizzo e-mail tra le tessere selezionate.');
  });

  it('is not sent to a holder who unsubscribed after it started', async () => {
    const late = await createMember(db, { firstName: 'Ritardataria' });
    const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2034) AS number`;
    await db.membership.create({ data: { membershipNumber: issued!.number, userId: late.id, type: 'daily', status: 'active', startDate: fromIsoDate('2034-06-03'), endDate: fromIsoDate('2034-06-03'), originalPriceCents: 500, priceCents: 500, activatedAt: new Date() } });
    await request(app).put('/api/me/consents').set(bearer(late.token)).send({ photos: false, newsletter: true }).expect(200);

    // Queued while no worker runs; the holder leaves before it is their turn.
    await deps.jobs.stop(5000);
    const started = await request(app).post('/api/admin/broadcast-email').set(bearer(admin)).send({ kind: 'newsletter', recipient_type: 'specific', specific_emails: [late.email], subject: 'Newsletter in ritardo', message: 'Testo.' }).expect(202);
    expect(started.body.total).toBe(1);
    const token = new URL(unsubscribeLinks(deps.config, late.id).oneClick).searchParams.get('token')!;
    await request(app).post('/api/newsletter/unsubscribe').query({ token }).expect(200);
    await deps.jobs.start({ worker: true });
    await startWorkers(deps, services);

    await expect.poll(async () => (await request(app).get(`/api/admin/broadcast-email/${started.body.id}`).set(bearer(admin))).body.status, { timeout: 20_000 }).toBe('completed');
    const done = await request(app).get(`/api/admin/broadcast-email/${started.body.id}`).set(bearer(admin)).expect(200);
    expect(done.body).toMatchObject({ sent_count: 0, failed_count: 1, failed_emails: [{ email: late.email, error: 'Non più iscritto alla newsletter quando è arrivato il suo turno: non inviata.' }] });
    await deps.jobs.waitUntilIdle();
    expect(mail.messages.filter((message) => message.subject === 'Newsletter in ritardo')).toHaveLength(0);
  });

  it('keeps a link working for a year from its e-mail, then says it has expired', async () => {
    const member = await createMember(db, { firstName: 'Annalisa' });
    await request(app).put('/api/me/consents').set(bearer(member.token)).send({ photos: false, newsletter: true }).expect(200);
    const tokenOf = (sentAt: Date) => new URL(unsubscribeLinks(deps.config, member.id, sentAt).oneClick).searchParams.get('token')!;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    expect((await request(app).get('/api/newsletter/unsubscribe').query({ token: tokenOf(daysAgo(364)) }).expect(200)).body.subscribed).toBe(true);
    const expired = await request(app).post('/api/newsletter/unsubscribe').query({ token: tokenOf(daysAgo(367)) }).expect(422);
    expect(expired.body.message).toBe(CONSENT_MESSAGES.unsubscribeExpired);
    expect((await db.memberConsent.findUniqueOrThrow({ where: { userId: member.id } })).newsletter).toBe(true);
    await request(app).post('/api/newsletter/unsubscribe').query({ token: tokenOf(daysAgo(300)) }).expect(200);
    expect((await db.memberConsent.findUniqueOrThrow({ where: { userId: member.id } })).newsletter).toBe(false);
  });

  it('refuses a token whose signature does not match, or malformed', async () => {
    const lastDay = Math.floor(Date.now() / 86_400_000) + 365;
    const forged = `${other.id}.${lastDay}.${'A'.repeat(43)}`;
    const refused = await request(app).post('/api/newsletter/unsubscribe').query({ token: forged }).expect(422);
    expect(refused.body.message).toBe(CONSENT_MESSAGES.unsubscribeInvalid);
    // Signed with the sign-in tokens' secret itself, as links were before: in the old shape and in the new.
    const oldKey = (message: string) => createHmac('sha256', deps.config.JWT_SECRET).update(message).digest('base64url');
    for (const token of [`${other.id}.${oldKey(`newsletter-unsubscribe:${other.id}`)}`, `${other.id}.${lastDay}.${oldKey(`newsletter:${other.id}:${lastDay}`)}`]) {
      expect((await request(app).get('/api/newsletter/unsubscribe').query({ token }).expect(422)).body.errors.token).toEqual([CONSENT_MESSAGES.unsubscribeInvalid]);
      await request(app).post('/api/newsletter/unsubscribe').query({ token }).expect(422);
    }
    // Another member's id, or another last day, under a genuine signature.
    const genuine = new URL(unsubscribeLinks(deps.config, other.id).oneClick).searchParams.get('token')!;
    const [, day, mac] = genuine.split('.');
    await request(app).get('/api/newsletter/unsubscribe').query({ token: `${subscriber.id}.${day}.${mac}` }).expect(422);
    await request(app).get('/api/newsletter/unsubscribe').query({ token: `${other.id}.${Number(day) + 1}.${mac}` }).expect(422);
    expect((await db.memberConsent.findUnique({ where: { userId: other.id } }))?.newsletter ?? false).toBe(false);
    await request(app).get('/api/newsletter/unsubscribe').query({ token: 'abc' }).expect(422);
    await request(app).post('/api/newsletter/unsubscribe').expect(422);
  });
});

describe('privacy export', () => {
  it('includes the consents with their history and the certificates', async () => {
    const member = await createMember(db);
    await request(app).put('/api/me/consents').set(bearer(member.token)).send({ photos: true, newsletter: false }).expect(200);
    await request(app)
      .post(`/api/admin/users/${member.id}/certificates`)
      .set(bearer(staff))
      .send({ kind: 'non_agonistico', issued_by: 'Dott. Bianchi', issue_date: today, expiry_date: addDays(today, 364) })
      .expect(201);
    const exported = await request(app).get('/api/me/export').set(bearer(member.token)).expect(200);
    expect(exported.body.consents).toMatchObject({ photos: true, newsletter: false, history: [{ consent: 'photos', granted: true, detail: 'profilo' }] });
    expect(exported.body.certificates).toEqual([expect.objectContaining({ kind: 'non_agonistico', issued_by: 'Dott. Bianchi', issue_date: today, expiry_date: addDays(today, 364) })]);
  });
});
