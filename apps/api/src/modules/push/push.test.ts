// Web Push through the real database and a loopback push service that decrypts what it receives with the
// device's own keys (RFC 8291): the centre's VAPID key made once and served; a member's devices and choices;
// a notification pushed in the member's language with the page to open, by e-mail too unless turned off;
// a device the push service answers 410 (or 404) removed.
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { notifyMember, type MemberNotice } from './index.js';
import { startPushLoopback } from './push-loopback.js';

const mail = await startMailCatcher();
const { app, db, deps } = await useTestApp({ SMTP_URL: mail.url });
const loopback = await startPushLoopback();
afterAll(() => loopback.close());
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const subscribe = (member: TestMember, subscription: object) => request(app).post('/api/me/push-subscriptions').set(bearer(member.token)).send(subscription);
const choose = (member: TestMember, data: object[]) => request(app).put('/api/me/notification-preferences').set(bearer(member.token)).send({ data });
const notify = (notice: MemberNotice) => deps.db.$transaction((tx) => notifyMember(deps.jobs, tx, notice));
const notice = (member: TestMember, subject: string, body: string, locale: 'it' | 'de' | 'en' = 'it'): MemberNotice => ({
  userId: member.id, kind: 'tournament_call',
  email: { to: member.email, subject, text: body, html: `<p>${body}</p>`, locale },
  push: { body, url: 'https://example.test/de/tornei/7' },
});

describe('the VAPID key', () => {
  it('is made once, kept in the database and served to the browser', async () => {
    expect(await db.pushVapidKeys.count()).toBe(1);
    const served = await request(app).get('/api/push/public-key').expect(200);
    const kept = await db.pushVapidKeys.findUniqueOrThrow({ where: { id: 1 } });
    expect(served.body).toEqual({ public_key: kept.publicKey });
    expect(Buffer.from(kept.publicKey, 'base64url')).toHaveLength(65); // an uncompressed P-256 point
  });
});

describe('a member’s notifications', () => {
  it('are e-mail only until the member turns push on for a kind', async () => {
    const member = await createMember(db);
    const device = loopback.device();
    const subscribed = await subscribe(member, device.subscription).expect(201);
    expect(subscribed.body.devices).toBe(1);
    expect(subscribed.body.data).toContainEqual({ kind: 'tournament_call', push: false, email: true });
    await notify(notice(member, 'Tocca a voi', 'Campo C3 alle 16:30'));
    await deps.jobs.waitUntilIdle();
    expect((await mail.waitFor(member.email)).subject).toBe('Tocca a voi');
    expect(device.received).toEqual([]);
  });

  it('are pushed encrypted for the device, in the member’s language, with the page to open, and e-mailed unless turned off', async () => {
    const member = await createMember(db);
    await db.user.update({ where: { id: member.id }, data: { locale: 'de' } });
    const [phone, laptop] = [loopback.device(), loopback.device()];
    await subscribe(member, phone.subscription).expect(201);
    await subscribe(member, laptop.subscription).expect(201);
    const chosen = await choose(member, [{ kind: 'tournament_call', push: true, email: false }]).expect(200);
    expect(chosen.body).toMatchObject({ devices: 2 });
    expect(chosen.body.data).toContainEqual({ kind: 'tournament_call', push: true, email: false });

    await notify(notice(member, 'Ihr seid dran: Platz C3 um 16:30', '«Sommer-Cup»: euer Spiel ist auf Platz C3 um 16:30.', 'de'));
    await deps.jobs.waitUntilIdle();
    const expected = { title: 'Ihr seid dran: Platz C3 um 16:30', body: '«Sommer-Cup»: euer Spiel ist auf Platz C3 um 16:30.', url: 'https://example.test/de/tornei/7', kind: 'tournament_call' };
    expect(phone.received).toEqual([expected]);
    expect(laptop.received).toEqual([expected]);
    expect(mail.messages.filter((message) => JSON.stringify(message.to).includes(member.email))).toEqual([]);
  });

  it('lose a device the push service answers 410 or 404, and keep one that fails for a while', async () => {
    const member = await createMember(db);
    const [gone, unknown, busy] = [loopback.device(), loopback.device(), loopback.device()];
    for (const device of [gone, unknown, busy]) await subscribe(member, device.subscription).expect(201);
    await choose(member, [{ kind: 'tournament_call', push: true, email: true }]).expect(200);
    gone.answer(410);
    unknown.answer(404);
    busy.answer(503);
    await notify(notice(member, 'Tocca a voi', 'Campo C1'));
    await expect.poll(() => db.pushSubscription.findMany({ where: { userId: member.id }, select: { endpoint: true } })).toEqual([{ endpoint: busy.subscription.endpoint }]);
    expect(busy.received).toEqual([]);
  });

  it('refuse a malformed subscription with the field’s message, and only the member’s own device is removed', async () => {
    const [member, other] = [await createMember(db), await createMember(db)];
    const refused = await subscribe(member, { endpoint: 'not a url', keys: { p256dh: 'x', auth: '' } }).expect(422);
    expect(refused.body.errors.endpoint).toEqual(['Iscrizione alle notifiche non valida.']);
    const device = loopback.device();
    await subscribe(other, device.subscription).expect(201);
    await request(app).post('/api/me/push-subscriptions/remove').set(bearer(member.token)).send({ endpoint: device.subscription.endpoint }).expect(200);
    expect(await db.pushSubscription.count({ where: { userId: other.id } })).toBe(1);
    await request(app).post('/api/me/push-subscriptions/remove').set(bearer(other.token)).send({ endpoint: device.subscription.endpoint }).expect(200);
    expect(await db.pushSubscription.count({ where: { userId: other.id } })).toBe(0);
    await request(app).get('/api/me/notification-preferences').expect(401);
  });
});
