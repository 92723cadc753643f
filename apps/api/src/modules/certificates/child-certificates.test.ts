// A child's medical certificate through the real database, storage and SMTP on loopback
// (docs/school.md#families): uploaded by the parent for their own child only, checked by its content,
// never counted as the parent's own, listed for staff with the parent's name, verified or rejected (the
// parent e-mailed), exported with the member's data and deleted with its file when the child or the parent goes.
import { CERTIFICATE_MESSAGES } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-data.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';

const mail = await startMailCatcher();
const { app, db, deps } = await useTestApp({ SMTP_URL: mail.url });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const uploadForChild = (member: TestMember, childId: number, file: { data: Buffer; name: string; type: string } | null = { data: PDF, name: 'certificato.pdf', type: 'application/pdf' }) => {
  const call = request(app)
    .post(`/api/me/children/${childId}/certificates`)
    .set(bearer(member.token))
    .field('kind', 'non_agonistico')
    .field('issued_by', 'Dott. Verdi, pediatra')
    .field('issue_date', addDays(today, -5))
    .field('expiry_date', addDays(today, 360));
  return file ? call.attach('file', file.data, { filename: file.name, contentType: file.type }) : call;
};

const makeChild = (parentId: number, firstName: string) => db.child.create({ data: { parentId, firstName, lastName: 'Certi', birthDate: fromIsoDate('2016-04-10') } });
const childRow = async (member: TestMember, childId: number) =>
  (await request(app).get('/api/me/children').set(bearer(member.token)).expect(200)).body.data.find((child: { id: number }) => child.id === childId);

beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
});

describe('a child’s certificate, uploaded by the parent', () => {
  it('is the parent’s own child’s only, checked by its content, and never counts as the parent’s', async () => {
    const parent = await createMember(db, { firstName: 'Paola', lastName: 'Genitrice' });
    const other = await createMember(db);
    const child = await makeChild(parent.id, 'Nico');
    expect((await childRow(parent, child.id)).certificate).toEqual({ state: 'missing', days_left: null, certificates: [] });

    // Another member's child does not exist for them; a file that is not a PDF, JPEG or PNG is refused.
    await uploadForChild(other, child.id).expect(404);
    const bad = await uploadForChild(parent, child.id, { data: Buffer.from('not a certificate'), name: 'certificato.pdf', type: 'application/pdf' }).expect(422);
    expect(bad.body.errors).toEqual({ file: [CERTIFICATE_MESSAGES.badType] });
    expect((await uploadForChild(parent, child.id, null).expect(422)).body.errors).toEqual({ file: [CERTIFICATE_MESSAGES.fileMissing] });
    expect(await db.medicalCertificate.count({ where: { childId: child.id } })).toBe(0);

    const uploaded = await uploadForChild(parent, child.id).expect(201);
    expect(uploaded.body.message).toBe(CERTIFICATE_MESSAGES.uploaded);
    expect(uploaded.body.status).toMatchObject({ state: 'to_verify', certificates: [{ child_id: child.id, has_file: true, verified_at: null }] });
    expect((await childRow(parent, child.id)).certificate.state).toBe('to_verify');
    const id = uploaded.body.status.certificates[0].id as number;

    // Verified by staff: valid for the child, while the parent's own stays missing (their page, the desk, the booking rule).
    await request(app).post(`/api/admin/certificates/${id}/verify`).set(bearer(staff)).expect(200);
    expect((await childRow(parent, child.id)).certificate).toMatchObject({ state: 'valid', days_left: 360 });
    expect((await request(app).get('/api/certificates/mine').set(bearer(parent.token)).expect(200)).body).toEqual({ state: 'missing', days_left: null, certificates: [] });
    expect((await request(app).get(`/api/admin/users/${parent.id}/certificates`).set(bearer(staff)).expect(200)).body.state).toBe('missing');
    // The parent downloads it as one of their own rows; another member cannot.
    await request(app).get(`/api/certificates/mine/${id}/file`).set(bearer(parent.token)).expect(200);
    await request(app).get(`/api/certificates/mine/${id}/file`).set(bearer(other.token)).expect(404);
  });
});

describe('the staff’s list and review', () => {
  it('lists a child’s upload with the parent’s name; verifying answers with the child’s state and is audited', async () => {
    const parent = await createMember(db, { firstName: 'Bruno', lastName: 'Padre' });
    const child = await makeChild(parent.id, 'Greta');
    const uploaded = await uploadForChild(parent, child.id).expect(201);
    const id = uploaded.body.status.certificates[0].id as number;

    const listed = await request(app).get('/api/admin/certificates').query({ filter: 'to_verify', search: 'Greta Certi' }).set(bearer(staff)).expect(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ user_id: parent.id, child_id: child.id, parent_name: 'Bruno Padre', first_name: 'Greta', last_name: 'Certi', email: parent.email, state: 'to_verify', awaiting_verification: true, certificate_id: id }),
    ]);
    const csv = await request(app).get('/api/admin/certificates/export').query({ filter: 'to_verify', search: 'Greta Certi' }).set(bearer(staff)).expect(200);
    expect(csv.text).toContain('Bruno Padre');

    const verified = await request(app).post(`/api/admin/certificates/${id}/verify`).set(bearer(staff)).expect(200);
    expect(verified.body.status).toMatchObject({ state: 'valid', certificates: [{ id, child_id: child.id }] });
    expect(await lastAuditOf(db, 'medical_certificates', id)).toMatchObject({ action: 'verify' });
  });

  it('rejects a child’s upload with the reason e-mailed to the parent, naming the child', async () => {
    const parent = await createMember(db, { firstName: 'Sara', lastName: 'Madre' });
    const child = await makeChild(parent.id, 'Ettore');
    const id = (await uploadForChild(parent, child.id).expect(201)).body.status.certificates[0].id as number;
    const rejected = await request(app).post(`/api/admin/certificates/${id}/reject`).set(bearer(staff)).send({ reason: 'Il file è illeggibile.' }).expect(200);
    expect(rejected.body.status.state).toBe('missing');
    const email = await mail.waitFor(parent.email);
    expect(email.text).toContain('che hai caricato per Ettore');
    expect(email.text).toContain('Il file è illeggibile.');
    expect(email.text).toContain('/profilo');
  });
});

describe('the member’s data', () => {
  it('exports a child’s certificate; removing the child, or erasing the parent, deletes it with its file', async () => {
    const parent = await createMember(db);
    const removed = await makeChild(parent.id, 'Ada');
    const kept = await makeChild(parent.id, 'Bice');
    await uploadForChild(parent, removed.id).expect(201);
    await uploadForChild(parent, kept.id).expect(201);
    const exported = await request(app).get('/api/me/export').set(bearer(parent.token)).expect(200);
    expect(exported.body.certificates.map((certificate: { child_id: number }) => certificate.child_id).sort()).toEqual([removed.id, kept.id].sort());

    const fileOf = async (childId: number) => (await db.medicalCertificate.findFirstOrThrow({ where: { childId } })).filePath!;
    const removedFile = await fileOf(removed.id);
    await request(app).delete(`/api/me/children/${removed.id}`).set(bearer(parent.token)).expect(200);
    expect(await db.medicalCertificate.count({ where: { childId: removed.id } })).toBe(0);
    expect(await deps.storage.read(removedFile)).toBeNull();

    const keptFile = await fileOf(kept.id);
    await request(app).post('/api/me/erasure').set(bearer(parent.token)).send({ password: DEMO_PASSWORD }).expect(200);
    expect(await db.medicalCertificate.count({ where: { userId: parent.id } })).toBe(0);
    expect(await deps.storage.read(keptFile)).toBeNull();
  });
});
