// Return addresses follow the address the member is using, when it is one of the web app's own.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { createMember } from '../test/members.js';

const { app, db } = await useTestApp({ WEB_ORIGIN: 'https://www.spiaggia.test', WEB_ORIGIN_ALIASES: 'https://spiaggia.test, http://127.0.0.1:5173' });
const member = await createMember(db);
const feedUrl = async (headers: Record<string, string>) =>
  (await request(app).get('/api/bookings/calendar').set({ Authorization: `Bearer ${member.token}`, ...headers }).expect(200)).body.url as string;

describe('web origin of return addresses', () => {
  it('uses the request’s origin (Origin, else Referer) when it is an alias, WEB_ORIGIN otherwise', async () => {
    expect(await feedUrl({})).toMatch(/^https:\/\/www\.spiaggia\.test\/api\/bookings\/calendar\/[\w-]+\.ics$/);
    expect(await feedUrl({ Origin: 'https://spiaggia.test' })).toMatch(/^https:\/\/spiaggia\.test\/api\//);
    expect(await feedUrl({ Referer: 'http://127.0.0.1:5173/le-mie-prenotazioni' })).toMatch(/^http:\/\/127\.0\.0\.1:5173\/api\//);
    expect(await feedUrl({ Origin: 'https://altro.test' })).toMatch(/^https:\/\/www\.spiaggia\.test\/api\//);
  });

  it('lets the aliases through CORS, and no other origin', async () => {
    const preflight = (origin: string) => request(app).options('/api/auth/login').set({ Origin: origin, 'Access-Control-Request-Method': 'POST' });
    expect((await preflight('https://spiaggia.test')).headers['access-control-allow-origin']).toBe('https://spiaggia.test');
    expect((await preflight('https://altro.test')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
