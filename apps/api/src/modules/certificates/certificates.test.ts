// Medical certificates through the real database, storage, job queue, SMTP on loopback and the Stripe
// double: the states a member goes through, the upload checked by its content and served only to the
// member and staff, the reminders (each once, however often the job runs), the back-office list and
// CSV, and the online booking refused while the setting asks for a valid certificate.
import { CERTIFICATE_MESSAGES } from '@beach/contracts';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatItalianDate } from '../../lib/format.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';

const mail = await startMailCatcher();
const { app, db, deps, services } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: string;
let admin: string;

/** The first bytes of real files of each kind; the rest does not matter to a check by content. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'), Buffer.from([0xff, 0xd9])]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const upload = (member: TestMember, file: { data: Buffer; name: string; type: string } | null, fields: Record<string, string> = {}) => {
  const call = request(app)
    .post('/api/certificates/mine')
    .set(bearer(member.token))
    .field('kind', 'non_agonistico')
    .field('issued_by', 'Dott.ssa Rossi')
    .field('issue_date', fields.issue_date ?? addDays(today, -10))
    .field('expiry_date', fields.expiry_date ?? addDays(today, 355));
  return file ? call.attach('file', file.data, { filename: file.name, contentType: file.type }) : call;
};
const record = (userId: number, expiry: string, issue = addDays(expiry, -365)) =>
  request(app).post(`/api/admin/users/${userId}/certificates`).set(bearer(staff)).send({ kind: 'agonistico', issued_by: 'Centro medico Adriatico', issue_date: issue, expiry_date: expiry });

/** A verified certificate recorded some time ago (the desk refuses one already expired today). */
const recordedEarlier = (userId: number, expiry: string) =>
  db.medicalCertificate.create({ data: { userId, kind: 'agonistico', issuedBy: 'Centro medico Adriatico', issueDate: fromIsoDate(addDays(expiry, -365)), expiryDate: fromIsoDate(expiry), verifiedAt: new Date() } });

async function giveActiveCard(userId: number) {
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2033) AS number`;
  await db.membership.create({
    data: { membershipNumber: issued!.number, userId, type: 'seasonal', status: 'active', startDate: fromIsoDate(addDays(today, -1)), endDate: fromIsoDate(addDays(today, 60)), originalPriceCents: 500, priceCents: 500, activatedAt: new Date() },
  });
}

beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
});

describe('a member’s certificate, from missing to verified', () => {
  it('is missing, then to verify once uploaded, then valid when staff verify it; the file reaches only the member and staff', async () => {
    const member = await createMember(db, { firstName: 'Carla', lastName: 'Certificato' });
    expect((await request(app).get('/api/certificates/mine').set(bearer(member.token)).expect(200)).body).toEqual({ state: 'missing', days_left: null, certificates: [] });

    const uploaded = await upload(member, { data: PDF, name: 'certificato.pdf', type: 'application/pdf' }).expect(201);
    expect(uploaded.body.message).toBe(CERTIFICATE_MESSAGES.uploaded);
    expect(uploaded.body.status).toMatchObject({ state: 'to_verify', days_left: null, certificates: [{ kind: 'non_agonistico', has_file: true, file_type: 'application/pdf', verified_at: null }] });
    const id = uploaded.body.status.certificates[0].id as number;

    // The file: the member and staff get the same bytes, another member and nobody signed in do not.
    const own = await request(app).get(`/api/certificates/mine/${id}/file`).set(bearer(member.token)).buffer(true).expect(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(own.body as Buffer).equals(PDF)).toBe(true);
    const other = await createMember(db);
    await request(app).get(`/api/certificates/mine/${id}/file`).set(bearer(other.token)).expect(404);
    await request(app).get(`/api/admin/certificates/${id}/file`).set(bearer(other.token)).expect(403);
    await request(app).get(`/api/admin/certificates/${id}/file`).expect(401);
    const desk = await request(app).get(`/api/admin/certificates/${id}/file`).set(bearer(staff)).buffer(true).expect(200);
    expect(Buffer.from(desk.body as Buffer).equals(PDF)).toBe(true);

    await request(app).post(`/api/admin/certificates/${id}/verify`).set(bearer(other.token)).expect(403);
    const verified = await request(app).post(`/api/admin/certificates/${id}/verify`).set(bearer(staff)).expect(200);
    expect(verified.body.message).toBe(CERTIFICATE_MESSAGES.verified);
    expect(verified.body.status).toMatchObject({ state: 'valid', days_left: 355 });
    const again = await request(app).post(`/api/admin/certificates/${id}/verify`).set(bearer(staff)).expect(409);
    expect(again.body.message).toBe(CERTIFICATE_MESSAGES.alreadyVerified);
    expect((await request(app).get(`/api/admin/users/${member.id}/certificates`).set(bearer(staff)).expect(200)).body.state).toBe('valid');
  });

  it('rejected by staff with a reason: it counts for nothing, the member is e-mailed why, and it cannot be verified after', async () => {
    const member = await createMember(db, { firstName: 'Rita', lastName: 'Rifiutata' });
    const uploaded = await upload(member, { data: PDF, name: 'certificato.pdf', type: 'application/pdf' }).expect(201);
    const id = uploaded.body.status.certificates[0].id as number;
    const reject = (token: string, body: { reason: string }) => request(app).post(`/api/admin/certificates/${id}/reject`).set(bearer(token)).send(body);

    expect((await reject(staff, { reason: ' no ' }).expect(422)).body.errors).toEqual({ reason: [CERTIFICATE_MESSAGES.rejectionReason] });
    await reject(member.token, { reason: 'Non leggibile' }).expect(403);
    const rejected = await reject(staff, { reason: 'La foto è sfocata: non si legge la data di scadenza.' }).expect(200);
    expect(rejected.body.message).toBe(CERTIFICATE_MESSAGES.rejected);
    expect(rejected.body.status).toMatchObject({ state: 'missing', certificates: [{ id, verified_at: null, rejection_reason: 'La foto è sfocata: non si legge la data di scadenza.' }] });
    expect(rejected.body.status.certificates[0].rejected_at).not.toBeNull();

    const email = await mail.waitFor(member.email);
    expect(email.subject).toBe('Il tuo certificato medico non è stato accettato');
    expect(email.text).toContain('Motivo: La foto è sfocata: non si legge la data di scadenza.');
    expect(email.text).toContain('/tesseramento');

    expect((await reject(staff, { reason: 'Di nuovo rifiutato' }).expect(409)).body.message).toBe(CERTIFICATE_MESSAGES.notRejectable);
    await request(app).post(`/api/admin/certificates/${id}/verify`).set(bearer(staff)).expect(409);
    // A certificate verified at the desk cannot be rejected.
    await record(member.id, addDays(today, 200), today).expect(201);
    const recorded = (await db.medicalCertificate.findFirstOrThrow({ where: { userId: member.id, verifiedAt: { not: null } } })).id;
    await request(app).post(`/api/admin/certificates/${recorded}/reject`).set(bearer(staff)).send({ reason: 'Ripensamento' }).expect(409);
    await request(app).post('/api/admin/certificates/999999/reject').set(bearer(staff)).send({ reason: 'Non esiste' }).expect(404);
  });

  it('is expiring within 30 days of its last day (the last day included) and expired after it', async () => {
    const member = await createMember(db);
    expect((await record(member.id, addDays(today, 30)).expect(201)).body.status).toMatchObject({ state: 'expiring', days_left: 30 });
    const lastDay = await createMember(db);
    expect((await record(lastDay.id, today).expect(201)).body.status).toMatchObject({ state: 'expiring', days_left: 0 });
    const expired = await createMember(db);
    await recordedEarlier(expired.id, addDays(today, -1));
    expect((await request(app).get(`/api/admin/users/${expired.id}/certificates`).set(bearer(staff)).expect(200)).body).toMatchObject({ state: 'expired', days_left: -1 });
    // A renewal uploaded by the member waits for staff: the expired one still counts as expired only until then.
    expect((await upload(expired, { data: PNG, name: 'foto.png', type: 'image/png' }).expect(201)).body.status.state).toBe('to_verify');
  });

  it('takes PDF, JPEG and PNG by their content, whatever the name says, and nothing else or larger than 5 MB', async () => {
    const member = await createMember(db);
    // PNG bytes named .pdf: stored and served as what they are.
    const png = await upload(member, { data: PNG, name: 'scansione.pdf', type: 'application/pdf' }).expect(201);
    const file = await request(app).get(`/api/certificates/mine/${png.body.status.certificates[0].id}/file`).set(bearer(member.token)).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain(`certificato-${png.body.status.certificates[0].id}.png`);

    const jpeg = await upload(member, { data: JPEG, name: 'foto.heic', type: 'application/octet-stream' }).expect(201);
    const photo = await request(app).get(`/api/certificates/mine/${jpeg.body.status.certificates[0].id}/file`).set(bearer(member.token)).buffer(true).expect(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    const text = await upload(member, { data: Buffer.from('<script>alert(1)</script>'), name: 'certificato.pdf', type: 'application/pdf' }).expect(422);
    expect(text.body.errors).toEqual({ file: [CERTIFICATE_MESSAGES.badType] });
    const huge = await upload(member, { data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), name: 'grande.pdf', type: 'application/pdf' }).expect(413);
    expect(huge.body.message).toBe(CERTIFICATE_MESSAGES.tooLarge);
    const none = await upload(member, null).expect(422);
    expect(none.body.errors).toEqual({ file: [CERTIFICATE_MESSAGES.fileMissing] });
    const backwards = await upload(member, { data: PDF, name: 'c.pdf', type: 'application/pdf' }, { issue_date: addDays(today, 20), expiry_date: addDays(today, 10) }).expect(422);
    expect(backwards.body.errors).toEqual({ issue_date: [CERTIFICATE_MESSAGES.issuedInFuture], expiry_date: [CERTIFICATE_MESSAGES.expiryBeforeIssue] });
    // A certificate already expired, or issued after today (Rome), is of no use: field errors, nothing stored.
    const expired = await upload(member, { data: PDF, name: 'c.pdf', type: 'application/pdf' }, { issue_date: addDays(today, -400), expiry_date: addDays(today, -1) }).expect(422);
    expect(expired.body.errors).toEqual({ expiry_date: [CERTIFICATE_MESSAGES.alreadyExpired] });
    const future = await upload(member, { data: PDF, name: 'c.pdf', type: 'application/pdf' }, { issue_date: addDays(today, 1), expiry_date: addDays(today, 365) }).expect(422);
    expect(future.body.errors).toEqual({ issue_date: [CERTIFICATE_MESSAGES.issuedInFuture] });
    expect((await record(member.id, addDays(today, -1)).expect(422)).body.errors).toEqual({ expiry_date: [CERTIFICATE_MESSAGES.alreadyExpired] });
    expect(await db.medicalCertificate.count({ where: { userId: member.id } })).toBe(2);
  });
});

describe('database rules', () => {
  it('refuse an expiry before the issue, a file without its type, a guardian recorded in part, and a reminder sent twice', async () => {
    const member = await createMember(db);
    const certificate = { userId: member.id, kind: 'agonistico' as const, issuedBy: 'Dott. Neri', issueDate: fromIsoDate(today), expiryDate: fromIsoDate(addDays(today, 300)) };
    await expect(db.medicalCertificate.create({ data: { ...certificate, expiryDate: fromIsoDate(addDays(today, -1)) } })).rejects.toThrow(/medical_certificates_dates/);
    await expect(db.medicalCertificate.create({ data: { ...certificate, filePath: 'certificates/x.pdf' } })).rejects.toThrow(/medical_certificates_file/);
    await expect(db.memberConsent.create({ data: { userId: member.id, guardianName: 'Solo il nome' } })).rejects.toThrow(/member_consents_guardian/);
    const created = await db.medicalCertificate.create({ data: certificate });
    await db.certificateReminder.create({ data: { certificateId: created.id, kind: '7_days' } });
    await expect(db.certificateReminder.create({ data: { certificateId: created.id, kind: '7_days' } })).rejects.toThrow(/Unique constraint/);
  });
});

describe('erasure', () => {
  it('deletes the member’s certificates and their files with the account’s personal data', async () => {
    const member = await createMember(db);
    const uploaded = await upload(member, { data: PDF, name: 'c.pdf', type: 'application/pdf' }).expect(201);
    const { filePath } = await db.medicalCertificate.findUniqueOrThrow({ where: { id: uploaded.body.status.certificates[0].id } });
    expect(await deps.storage.read(filePath!)).not.toBeNull();
    await request(app).post(`/api/admin/users/${member.id}/erase`).set(bearer(admin)).expect(200);
    expect(await db.medicalCertificate.count({ where: { userId: member.id } })).toBe(0);
    expect(await deps.storage.read(filePath!)).toBeNull();
  });
});

describe('reminders', () => {
  it('go out 30 and 7 days before expiry and on the day, each once however often the job runs', async () => {
    const member = await createMember(db, { firstName: 'Remo', lastName: 'Promemoria' });
    const expiry = addDays(today, 40);
    await record(member.id, expiry).expect(201);
    const subjects = () => mail.messages.filter((message) => [message.to].flat().some((to) => to?.value.some((entry) => entry.address === member.email))).map((message) => message.subject);

    for (const [day, expected] of [
      [addDays(expiry, -31), []],
      [addDays(expiry, -30), [`Il tuo certificato medico scade il ${formatItalianDate(expiry)}`]],
      [addDays(expiry, -20), []],
      [addDays(expiry, -7), [`Il tuo certificato medico scade il ${formatItalianDate(expiry)}`]],
      [expiry, ['Il tuo certificato medico scade oggi']],
    ] as const) {
      const before = subjects().length;
      await services.certificates.runDaily(day);
      await services.certificates.runDaily(day); // the job run twice
      await services.certificates.runDaily(day);
      await deps.jobs.waitUntilIdle(); // every e-mail the runs queued has gone out
      if (expected.length) await mail.waitFor(member.email);
      expect(subjects().slice(before)).toEqual(expected);
    }
    const sent = await db.certificateReminder.findMany({ where: { certificate: { userId: member.id } }, orderBy: { kind: 'asc' } });
    expect(sent.map((reminder) => reminder.kind)).toEqual(['30_days', '7_days', 'on_expiry']);
  });

  it('skip a certificate already renewed, and one a member uploaded that staff have not verified', async () => {
    const member = await createMember(db);
    await record(member.id, addDays(today, 30)).expect(201);
    await record(member.id, addDays(today, 395), today).expect(201);
    const unverified = await createMember(db);
    await upload(unverified, { data: PDF, name: 'c.pdf', type: 'application/pdf' }, { expiry_date: addDays(today, 7) }).expect(201);
    await services.certificates.runDaily(today);
    expect(await db.certificateReminder.count({ where: { certificate: { userId: { in: [member.id, unverified.id] } } } })).toBe(0);
  });
});

describe('back-office list, CSV and setting', () => {
  it('lists card holders whose certificate is missing, to verify, expiring or expired, and the same rows as CSV', async () => {
    const [missing, expiring, valid] = await Promise.all([
      createMember(db, { firstName: 'Mario', lastName: 'Senzacertificato' }),
      createMember(db, { firstName: 'Elsa', lastName: 'Inscadenza' }),
      createMember(db, { firstName: 'Vale', lastName: 'Valido' }),
    ]);
    for (const member of [missing, expiring, valid]) await giveActiveCard(member.id);
    await record(expiring.id, addDays(today, 10)).expect(201);
    await record(valid.id, addDays(today, 200)).expect(201);

    const all = await request(app).get('/api/admin/certificates').query({ per_page: 100 }).set(bearer(staff)).expect(200);
    const ids = all.body.data.map((row: { user_id: number }) => row.user_id);
    expect(ids).toContain(missing.id);
    expect(ids).toContain(expiring.id);
    expect(ids).not.toContain(valid.id);
    expect(all.body.data.find((row: { user_id: number }) => row.user_id === expiring.id)).toMatchObject({ state: 'expiring', kind: 'agonistico', expiry_date: addDays(today, 10) });
    // An early renewal uploaded beside a valid certificate waits for staff: listed to verify.
    await upload(valid, { data: PDF, name: 'rinnovo.pdf', type: 'application/pdf' }, { expiry_date: addDays(today, 500) }).expect(201);
    const toVerify = await request(app).get('/api/admin/certificates').query({ filter: 'to_verify' }).set(bearer(staff)).expect(200);
    expect(toVerify.body.data.find((row: { user_id: number }) => row.user_id === valid.id)).toMatchObject({ state: 'valid', awaiting_verification: true });
    expect(toVerify.body.data.map((row: { user_id: number }) => row.user_id)).not.toContain(missing.id);
    const onlyMissing = await request(app).get('/api/admin/certificates').query({ filter: 'missing' }).set(bearer(staff)).expect(200);
    expect(onlyMissing.body.data.every((row: { state: string }) => row.state === 'missing')).toBe(true);
    await request(app).get('/api/admin/certificates').query({ filter: 'nessuno' }).set(bearer(staff)).expect(422);

    const csv = await request(app).get('/api/admin/certificates/export').query({ filter: 'expiring' }).set(bearer(staff)).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('Cognome;Nome;Figlio/a di;E-mail;Stato;Da verificare;Tipo;Scadenza');
    expect(csv.text).toContain(`Inscadenza;Elsa;;${expiring.email};In scadenza;No;Agonistico;${formatItalianDate(addDays(today, 10))}`);
    expect(csv.text).not.toContain('Senzacertificato');
    // Read as a spreadsheet would: a BOM, ';' between cells, one row per holder.
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row['E-mail'] === expiring.email)).toMatchObject({ Cognome: 'Inscadenza', Nome: 'Elsa', Stato: 'In scadenza', 'Da verificare': 'No', Tipo: 'Agonistico', Scadenza: formatItalianDate(addDays(today, 10)) });
  });

  it('"richiedi certificato valido" is off by default, read by staff, changed by admins only', async () => {
    expect((await request(app).get('/api/admin/certificates/settings').set(bearer(staff)).expect(200)).body).toEqual({ require_valid_certificate: false });
    await request(app).put('/api/admin/certificates/settings').set(bearer(staff)).send({ require_valid_certificate: true }).expect(403);
    await request(app).put('/api/admin/certificates/settings').set(bearer(admin)).send({ require_valid_certificate: 'sì' }).expect(422);
    await request(app).put('/api/admin/certificates/settings').set(bearer(admin)).send({ require_valid_certificate: false }).expect(200);
  });
});

describe('back-office list paging and search', () => {
  it('pages the rows, searches by name words or a card’s fiscal code, and exports every page of the search', async () => {
    const members = await Promise.all(['Uno', 'Due', 'Tre'].map((firstName) => createMember(db, { firstName, lastName: 'Paginato' })));
    for (const member of members) await giveActiveCard(member.id);
    await db.membership.updateMany({ where: { userId: members[1]!.id }, data: { fiscalCode: 'PGNDUE90A41H501Z' } });

    const first = await request(app).get('/api/admin/certificates').query({ search: 'paginato', per_page: 2 }).set(bearer(staff)).expect(200);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, total: 3, per_page: 2 });
    const second = await request(app).get('/api/admin/certificates').query({ search: 'paginato', per_page: 2, page: 2 }).set(bearer(staff)).expect(200);
    const ids = [...first.body.data, ...second.body.data].map((row: { user_id: number }) => row.user_id);
    expect(ids.sort()).toEqual(members.map((member) => member.id).sort());

    // Words in any order, and a fiscal code in any case.
    const byName = await request(app).get('/api/admin/certificates').query({ search: 'TRE paginato' }).set(bearer(staff)).expect(200);
    expect(byName.body.data.map((row: { user_id: number }) => row.user_id)).toEqual([members[2]!.id]);
    const byCode = await request(app).get('/api/admin/certificates').query({ search: 'pgndue90a41h501z' }).set(bearer(staff)).expect(200);
    expect(byCode.body.data.map((row: { user_id: number }) => row.user_id)).toEqual([members[1]!.id]);
    const none = await request(app).get('/api/admin/certificates').query({ search: 'paginato', filter: 'expired' }).set(bearer(staff)).expect(200);
    expect(none.body).toMatchObject({ data: [], total: 0, last_page: 1 });

    const badPage = await request(app).get('/api/admin/certificates').query({ page: 0 }).set(bearer(staff)).expect(422);
    expect(JSON.stringify(badPage.body)).toContain('Pagina non valida.');
    await request(app).get('/api/admin/certificates').query({ per_page: 101 }).set(bearer(staff)).expect(422);

    const csv = await request(app).get('/api/admin/certificates/export').query({ search: 'paginato', per_page: 1 }).set(bearer(staff)).expect(200);
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Nome).sort()).toEqual(['Due', 'Tre', 'Uno']);
  });
});

describe('card verification with "richiedi certificato valido"', () => {
  it('warns the desk about a holder without a valid certificate only while the setting is on', async () => {
    const member = await createMember(db, { firstName: 'Vera', lastName: 'Verifica' });
    await giveActiveCard(member.id);
    const card = await db.membership.update({ where: { id: (await db.membership.findFirstOrThrow({ where: { userId: member.id } })).id }, data: { qrCode: `qr-certificato-verifica-${member.id}` } });
    const verify = async () => (await request(app).get(`/api/memberships/verify/${card.qrCode}`).expect(200)).body;

    expect((await verify()).certificate_warning).toBeUndefined();
    await request(app).put('/api/admin/certificates/settings').set(bearer(admin)).send({ require_valid_certificate: true }).expect(200);
    try {
      expect(await verify()).toMatchObject({ status: 'valid', certificate_warning: CERTIFICATE_MESSAGES.deskWarning('Mancante') });
      await recordedEarlier(member.id, addDays(today, -1));
      expect((await verify()).certificate_warning).toBe('Certificato medico scaduto: non può giocare finché non ne presenta uno valido.');
      await record(member.id, addDays(today, 200), today).expect(201);
      expect((await verify()).certificate_warning).toBeUndefined();
    } finally {
      await request(app).put('/api/admin/certificates/settings').set(bearer(admin)).send({ require_valid_certificate: false }).expect(200);
    }
  });
});

describe('online booking with "richiedi certificato valido"', () => {
  it('is refused without a valid certificate on the day of play, with why and what to do, and allowed with one', async () => {
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    const member = await createMember(db, { firstName: 'Paolo', lastName: 'Prenotante' });
    const day = addDays(today, 5);
    const book = () => request(app).post('/api/bookings').set(bearer(member.token)).send({ date: day, court_id: court.id, start: '10:30' });

    await request(app).put('/api/admin/certificates/settings').set(bearer(admin)).send({ require_valid_certificate: true }).expect(200);
    const refused = await book().expect(422);
    expect(refused.body.message).toBe(CERTIFICATE_MESSAGES.bookingRefused(formatItalianDate(day)));
    expect(refused.body.message).toContain('Tesseramento');
    // Valid today but not on the day of play: still refused.
    await record(member.id, addDays(today, 2)).expect(201);
    await book().expect(422);
    expect(await db.booking.count({ where: { userId: member.id } })).toBe(0);

    await record(member.id, addDays(today, 300), today).expect(201);
    await book().expect(201);

    // With the setting off, a member with no certificate books as before.
    await request(app).put('/api/admin/certificates/settings').set(bearer(admin)).send({ require_valid_certificate: false }).expect(200);
    const free = await createMember(db);
    await request(app).post('/api/bookings').set(bearer(free.token)).send({ date: day, court_id: court.id, start: '12:00' }).expect(201);
  });
});

describe('audit log', () => {
  it('records the desk’s certificate and its verification under the member, and keeps neither without its entry; a member’s own upload records nothing', async () => {
    const member = await createMember(db, { firstName: 'Alba', lastName: 'Audit' });
    await whileRefusing(db, 'audit_log', () => record(member.id, addDays(today, 200), today).expect(500));
    expect(await db.medicalCertificate.count({ where: { userId: member.id } })).toBe(0);
    await record(member.id, addDays(today, 200), today).expect(201);
    const recorded = await db.medicalCertificate.findFirstOrThrow({ where: { userId: member.id } });
    expect(await lastAuditOf(db, 'medical_certificates', recorded.id)).toMatchObject({
      action: 'create',
      route: 'POST /api/admin/users/:id/certificates',
      subjectUserId: member.id,
      beforeData: null,
      afterData: expect.objectContaining({ id: recorded.id, user_id: member.id, kind: 'agonistico', verified_at: expect.any(String) }),
    });

    const uploaded = await upload(member, { data: PDF, name: 'certificato.pdf', type: 'application/pdf' }).expect(201);
    const id = uploaded.body.status.certificates.find((certificate: { verified_at: string | null }) => certificate.verified_at === null).id as number;
    expect(await lastAuditOf(db, 'medical_certificates', id)).toBeNull();
    await whileRefusing(db, 'audit_log', () => request(app).post(`/api/admin/certificates/${id}/verify`).set(bearer(staff)).expect(500));
    expect((await db.medicalCertificate.findUniqueOrThrow({ where: { id } })).verifiedAt).toBeNull();
    await request(app).post(`/api/admin/certificates/${id}/verify`).set(bearer(staff)).expect(200);
    expect(await lastAuditOf(db, 'medical_certificates', id)).toMatchObject({
      action: 'verify',
      route: 'POST /api/admin/certificates/:id/verify',
      subjectUserId: member.id,
      beforeData: expect.objectContaining({ verified_at: null }),
      afterData: expect.objectContaining({ verified_at: expect.any(String) }),
    });
  });

  it('records a rejection, and the setting under the settings entity with no id; neither is kept without its entry', async () => {
    const member = await createMember(db);
    const uploaded = await upload(member, { data: PDF, name: 'certificato.pdf', type: 'application/pdf' }).expect(201);
    const id = uploaded.body.status.certificates[0].id as number;
    const reject = () => request(app).post(`/api/admin/certificates/${id}/reject`).set(bearer(staff)).send({ reason: 'Manca la firma del medico.' });
    await whileRefusing(db, 'audit_log', () => reject().expect(500));
    expect((await db.medicalCertificate.findUniqueOrThrow({ where: { id } })).rejectedAt).toBeNull();
    await reject().expect(200);
    expect(await lastAuditOf(db, 'medical_certificates', id)).toMatchObject({ action: 'reject', afterData: expect.objectContaining({ rejection_reason: 'Manca la firma del medico.' }) });

    const save = (on: boolean) => request(app).put('/api/admin/certificates/settings').set(bearer(admin)).send({ require_valid_certificate: on });
    await whileRefusing(db, 'audit_log', () => save(true).expect(500));
    expect((await db.setting.findUniqueOrThrow({ where: { id: 1 } })).requireValidCertificate).toBe(false);
    await save(true).expect(200);
    await save(false).expect(200);
    expect(await lastAuditOf(db, 'settings', null)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/certificates/settings',
      subjectUserId: null,
      input: { require_valid_certificate: false },
      beforeData: expect.objectContaining({ require_valid_certificate: true }),
      afterData: expect.objectContaining({ require_valid_certificate: false }),
    });
  });
});
