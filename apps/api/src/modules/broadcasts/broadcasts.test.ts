// Bulk e-mail through the real database, job queue and SMTP on loopback: recipients, the answer's
// statistics fields, pacing at the configured rate, and a worker stopped mid-way that resumes with
// every recipient receiving the message exactly once.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../workers.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { fromIsoDate } from '../../lib/time.js';

const mail = await startMailCatcher();
const RATE = 20;
const { app, db, deps, services } = await useTestApp({ SMTP_URL: mail.url, MAIL_RATE_PER_SECOND: String(RATE), MAIL_BATCH_SIZE: '4' });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let admin: string;
let staff: string;
const holders: TestMember[] = [];

async function giveCard(member: TestMember, status: 'active' | 'expired', index: number) {
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2032) AS number`;
  const day = fromIsoDate(`2032-06-${String((index % 28) + 1).padStart(2, '0')}`);
  await db.membership.create({
    data: { membershipNumber: issued!.number, userId: member.id, type: 'daily', status, startDate: day, endDate: day, originalPriceCents: 500, priceCents: 500, activatedAt: new Date() },
  });
}

async function waitUntilCompleted(id: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request(app).get(`/api/admin/broadcast-email/${id}`).set(bearer(admin)).expect(200);
    if (response.body.status === 'completed') return response.body;
    if (Date.now() > deadline) throw new Error(`Broadcast ${id} not completed: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const received = (email: string) => mail.messages.filter((message) => [message.to].flat().some((to) => to?.value.some((entry) => entry.address === email)));

beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  for (let index = 0; index < 30; index++) {
    const member = await createMember(db, { firstName: `Socio${index}`, lastName: 'Invio' });
    await giveCard(member, index < 20 ? 'active' : 'expired', index);
    holders.push(member);
  }
});

describe('POST /api/admin/broadcast-email/count-recipients', () => {
  it('counts card holders with an e-mail, once each, and estimates batches and time', async () => {
    const specific = [holders[0]!.email, holders[1]!.email.toUpperCase(), holders[1]!.email, 'sconosciuto@esempio.it'];
    const response = await request(app).post('/api/admin/broadcast-email/count-recipients').set(bearer(admin)).send({ recipient_type: 'specific', specific_emails: specific }).expect(200);
    expect(response.body).toEqual({ count: 2, aws_ses_estimates: { rate_per_second: RATE, batch_size: 4, total_batches: 1, estimated_seconds: 1 } });
    const active = await request(app).post('/api/admin/broadcast-email/count-recipients').set(bearer(admin)).send({ recipient_type: 'active' }).expect(200);
    const expected = await db.user.count({ where: { memberships: { some: { status: 'active' } } } });
    expect(active.body.count).toBe(expected);
    expect(active.body.count).toBeGreaterThanOrEqual(20);
  });

  it('is for admins only and needs a selection', async () => {
    await request(app).post('/api/admin/broadcast-email/count-recipients').send({ specific_emails: [holders[0]!.email] }).expect(401);
    await request(app).post('/api/admin/broadcast-email/count-recipients').set(bearer(staff)).send({ specific_emails: [holders[0]!.email] }).expect(403);
    const empty = await request(app).post('/api/admin/broadcast-email/count-recipients').set(bearer(admin)).send({ recipient_type: 'specific', specific_emails: [] }).expect(422);
    expect(empty.body.errors.specific_emails).toEqual(['Seleziona almeno una tessera']);
  });
});

describe('POST /api/admin/broadcast-email', () => {
  it('refuses a message without subject or text, and a selection with no card holder', async () => {
    const missing = await request(app).post('/api/admin/broadcast-email').set(bearer(admin)).send({ specific_emails: [holders[0]!.email], subject: ' ', message: '' }).expect(422);
    expect(missing.body.errors).toEqual({ subject: ['Oggetto e messaggio sono obbligatori'], message: ['Oggetto e messaggio sono obbligatori'] });
    const nobody = await request(app).post('/api/admin/broadcast-email').set(bearer(admin)).send({ specific_emails: ['sconosciuto@esempio.it'], subject: 'Ciao', message: 'Testo' }).expect(422);
    expect(nobody.body.message).toBe('Nessun destinatario con indirizzo e-mail tra le tessere selezionate.');
    expect(await db.broadcast.count()).toBe(0);
    await request(app).post('/api/admin/broadcast-email').set(bearer(staff)).send({ specific_emails: [holders[0]!.email], subject: 'Ciao', message: 'Testo' }).expect(403);
  });

  it('keeps no broadcast, recipient or e-mail when the audit log refuses its entry', async () => {
    const before = mail.messages.length;
    await whileRefusing(db, 'audit_log', () =>
      request(app)
        .post('/api/admin/broadcast-email')
        .set(bearer(admin))
        .send({ specific_emails: [holders[0]!.email], subject: 'Mai partita', message: 'Testo' })
        .expect(500),
    );
    await deps.jobs.waitUntilIdle();
    expect([await db.broadcast.count(), await db.broadcastRecipient.count(), mail.messages.length]).toEqual([0, 0, before]);
  });

  it('sends to the selected holders in the background at the configured rate, with the send’s statistics', async () => {
    const selected = holders.slice(0, 10).map((holder) => holder.email);
    const started = await request(app)
      .post('/api/admin/broadcast-email')
      .set(bearer(admin))
      .send({ recipient_type: 'specific', specific_emails: selected, subject: 'Torneo di sabato', message: 'Iscrizioni aperte.\n\nA presto <3' })
      .expect(202);
    expect(started.body).toMatchObject({ success: true, total: 10, mailer_used: 'smtp', aws_ses_stats: { batch_size: 4, total_batches: 3 } });
    expect(['queued', 'sending']).toContain(started.body.status);
    expect(await lastAuditOf(db, 'broadcasts', started.body.id)).toMatchObject({
      action: 'send',
      route: 'POST /api/admin/broadcast-email',
      subjectUserId: null,
      input: expect.objectContaining({ subject: 'Torneo di sabato', specific_emails: selected }),
      beforeData: null,
      afterData: expect.objectContaining({ id: started.body.id, subject: 'Torneo di sabato' }),
    });

    const done = await waitUntilCompleted(started.body.id);
    expect(done).toMatchObject({ status: 'completed', success: true, sent_count: 10, failed_count: 0, failed_emails: [], message: 'Email inviata a 10 tesserati.' });
    expect(done.aws_ses_stats.rate_limit_respected).toBe(true);
    // Never faster than the provider allows (how close it gets is measured by bench/broadcast).
    expect(done.average_rate_per_second).toBeGreaterThan(0);
    expect(done.average_rate_per_second).toBeLessThanOrEqual(RATE * 1.05);
    for (const email of selected) {
      const message = await mail.waitFor(email);
      expect(message.subject).toBe('Torneo di sabato');
      expect(message.text).toContain('A presto <3');
      expect(message.html).toContain('A presto &#60;3');
    }
  });

  it('stopped mid-way, resumes after a restart and reaches every recipient exactly once', async () => {
    const before = mail.messages.length;
    const started = await request(app)
      .post('/api/admin/broadcast-email')
      .set(bearer(admin))
      .send({ recipient_type: 'all', subject: 'Chiusura per maltempo', message: 'Oggi i campi restano chiusi.' })
      .expect(202);
    const total = started.body.total as number;
    expect(total).toBeGreaterThanOrEqual(30);

    // Stop the workers once a few have reached the mail server (about a second at 20 per second). Watched in
    // this process, the sender's own, not by asking the database: a busy machine's stall of one query then
    // cannot let the sender finish the whole list before the stop.
    const deadline = Date.now() + 10_000;
    const arrived = () => mail.messages.slice(before).filter((message) => message.subject === 'Chiusura per maltempo').length;
    while (arrived() < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await deps.jobs.stop(5000);
    const halfway = await db.broadcastRecipient.groupBy({ by: ['status'], where: { broadcastId: started.body.id }, _count: { _all: true } });
    const sentSoFar = halfway.find((row) => row.status === 'sent')?._count._all ?? 0;
    expect(sentSoFar).toBeGreaterThanOrEqual(5);
    expect(sentSoFar).toBeLessThan(total);
    expect(halfway.find((row) => row.status === 'sending')).toBeUndefined(); // claimed but unsent rows were given back

    // A new worker picks it up.
    await deps.jobs.start({ worker: true });
    await startWorkers(deps, services);
    const done = await waitUntilCompleted(started.body.id);
    expect(done).toMatchObject({ sent_count: total, failed_count: 0 });

    const recipients = await db.broadcastRecipient.findMany({ where: { broadcastId: started.body.id } });
    await deps.jobs.waitUntilIdle(); // nothing else arrives late
    const thisBroadcast = mail.messages.slice(before).filter((message) => message.subject === 'Chiusura per maltempo');
    expect(thisBroadcast).toHaveLength(total);
    for (const recipient of recipients) expect(received(recipient.email).filter((message) => message.subject === 'Chiusura per maltempo')).toHaveLength(1);
  });

  it('answers 404 for an unknown broadcast', async () => {
    await request(app).get('/api/admin/broadcast-email/999999').set(bearer(admin)).expect(404);
  });
});
