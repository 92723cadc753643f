// Two bulk senders at once in two "processes" (each its own database pool, job queue client and mail
// connections, on one database): a broadcast sent by one and a rain check's member e-mails by the other.
// Measured where a provider counts, at the SMTP server: together they never exceed MAIL_RATE_PER_SECOND.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../../lib/time.js';
import { startRuntime } from '../../runtime.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { useTestDatabase } from '../../test/database.js';
import { TEST_ENV } from '../../test/env.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';

const RATE = 10;
const MEMBERS = 12;

const mail = await startMailCatcher();
/** When each message reached the SMTP server, with its subject. */
const arrivals: { at: number; subject: string }[] = [];
const keep = mail.messages.push.bind(mail.messages);
mail.messages.push = (...items) => {
  for (const item of items) arrivals.push({ at: performance.now(), subject: item.subject ?? '' });
  return keep(...items);
};

const database = await useTestDatabase();
const config = loadConfig({ ...TEST_ENV, DATABASE_URL: database.url, SMTP_URL: mail.url, MAIL_RATE_PER_SECOND: String(RATE), MAIL_BATCH_SIZE: '4' });
// Neither works the queue: the test runs each job in the process it chooses.
const api = await startRuntime(config, { workers: false, db: database.db });
const worker = await startRuntime(config, { workers: false });
afterAll(async () => {
  await worker.stop(2000);
  await api.stop(2000);
  await mail.close();
});
const app = createApp(api.deps, api.services);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const day = addDays(todayInRome(), 3);
const members: TestMember[] = [];
let courtIds: number[] = [];

beforeAll(async () => {
  const { db } = database;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
  const courts = await db.court.findMany({ where: { purpose: { not: 'free_use' } }, select: { id: true }, orderBy: { id: 'asc' }, take: 2 });
  courtIds = courts.map((court) => court.id);
  for (let index = 0; index < MEMBERS; index++) {
    const member = await createMember(db, { firstName: `Socio${index}`, lastName: 'Ritmo' });
    members.push(member);
    // A card, for the broadcast.
    const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2032) AS number`;
    const cardDay = fromIsoDate(`2032-06-${String(index + 1).padStart(2, '0')}`);
    await db.membership.create({
      data: { membershipNumber: issued!.number, userId: member.id, type: 'daily', status: 'active', startDate: cardDay, endDate: cardDay, originalPriceCents: 500, priceCents: 500, activatedAt: new Date() },
    });
    // A booking held for payment, for the rain check (six slots on each of two courts).
    const start = 9 * 60 + Math.floor(index / 2) * 90;
    const at = (minutes: number) => instantInRome(day, `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
    await db.booking.create({
      data: { courtId: courtIds[index % 2]!, userId: member.id, startsAt: at(start), endsAt: at(start + 90), priceCents: 2000, status: 'pending_payment', holdExpiresAt: new Date(Date.now() + 15 * 60_000) },
    });
  }
  // Written without the API: what the cards and bookings owe is posted as the ledger's history is.
  await db.$executeRaw`SELECT ledger_post_history()`;
  // Each process's first message opens its mail connection (and the server parses its first message
  // cold): done before the measure, so a late first arrival is not counted as a burst.
  const hello = (to: string) => ({ to, subject: 'Prova', text: 'Prova', html: '<p>Prova</p>', locale: 'it' as const });
  await Promise.all([api.deps.mailer.send(hello(members[0]!.email)), worker.deps.mailer.send(hello(members[1]!.email))]);
  arrivals.length = 0;
});

describe('bulk e-mail from two senders in two processes at once', () => {
  it('stays within MAIL_RATE_PER_SECOND in total at the SMTP server', async () => {
    const admin = bearer(await loginAs(app, DEMO.admin));
    const broadcast = await request(app)
      .post('/api/admin/broadcast-email')
      .set(admin)
      .send({ recipient_type: 'specific', specific_emails: members.map((member) => member.email), subject: 'Torneo di sabato', message: 'Iscrizioni aperte.' })
      .expect(202);
    const rainCheck = await request(app).post('/api/admin/rain-checks').set(admin).send({ date: day, from: '09:00', to: '19:30', court_ids: courtIds }).expect(202);
    expect(rainCheck.body.total).toBe(MEMBERS);

    // The worker process cancels the bookings and then e-mails the members; the API process starts the
    // broadcast as those e-mails begin, so the two senders overlap for certain.
    const never = new AbortController().signal;
    const rainChecking = worker.services.rainChecks.process(rainCheck.body.id, never);
    let settled = false;
    void rainChecking.then(() => (settled = true), () => (settled = true));
    while (!settled && (await database.db.rainCheckEmail.count({ where: { rainCheckId: rainCheck.body.id } })) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all([rainChecking, api.services.broadcasts.send(broadcast.body.id, never)]);

    const deadline = Date.now() + 15_000;
    while (arrivals.length < 2 * MEMBERS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const fromBroadcast = arrivals.filter((arrival) => arrival.subject === 'Torneo di sabato').map((arrival) => arrival.at);
    const fromRainCheck = arrivals.filter((arrival) => arrival.subject.includes('annullata per maltempo')).map((arrival) => arrival.at);
    expect(fromBroadcast).toHaveLength(MEMBERS);
    expect(fromRainCheck).toHaveLength(MEMBERS);
    expect(arrivals).toHaveLength(2 * MEMBERS);
    // The two really sent at the same time: each began before the other ended.
    expect(Math.min(...fromBroadcast)).toBeLessThan(Math.max(...fromRainCheck));
    expect(Math.min(...fromRainCheck)).toBeLessThan(Math.max(...fromBroadcast));

    // No second holds more than the rate (one more for timer jitter at the window's edge); alone, each
    // sender at the rate would put about twice as many in the second they share.
    const moments = arrivals.map((arrival) => arrival.at).sort((a, b) => a - b);
    const perSecond = moments.map((from) => moments.filter((at) => at >= from && at < from + 1000).length);
    // The slots are spaced exactly, but a stall of a loaded machine hands over the messages of several slots
    // together (16 in one second was seen for 10/s on the CI's two CPUs): a second stays under twice the
    // rate, and the average below tells two senders that do not share the rate apart.
    expect(Math.max(...perSecond)).toBeLessThan(2 * RATE);
    // The first and the last arrival each carry a hand-over time that a loaded machine varies by up to a
    // quarter of a second (10.57/s was seen for 10/s paced slots): the span is given that much. A stall early in
    // the run still shortens the span (10.44/s with that allowance in a clean-clone run of 21e3c5cf). Two senders
    // not sharing the rate would average about twice it: the bound sits between the two.
    const averageRate = (moments.length - 1) / ((moments.at(-1)! - moments[0]!) / 1000 + 0.25);
    expect(averageRate).toBeLessThan(1.5 * RATE);

    const sent = await request(app).get(`/api/admin/broadcast-email/${broadcast.body.id}`).set(admin).expect(200);
    expect(sent.body).toMatchObject({ status: 'completed', sent_count: MEMBERS, failed_count: 0 });
    expect(await database.db.rainCheckEmail.count({ where: { rainCheckId: rainCheck.body.id, status: 'sent' } })).toBe(MEMBERS);
  });
});
