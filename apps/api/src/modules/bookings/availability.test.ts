// The day's availability grid through the real database: every cell state, prices from the price
// list of the booking's year, the sport filter through court setups, and lapsed holds that no longer
// block a slot.
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TAvailability } from '@beach/contracts';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
let tomorrow = addDays(today, 1);
beforeEach(() => {
  today = todayInRome();
  tomorrow = addDays(today, 1);
});
let member: string;
let memberId: number;
let otherId: number;

const grid = async (date: string, sport = '') => {
  const response = await request(app).get('/api/bookings/availability').query({ date, sport }).set(bearer(member));
  expect(response.status).toBe(200);
  return response.body as TAvailability;
};
const cell = (availability: TAvailability, court: string, start: string) => availability.courts.find((row) => row.code === court)!.cells.find((slot) => slot.start === start)!;
const courtId = async (code: string) => (await db.court.findUniqueOrThrow({ where: { code } })).id;

beforeAll(async () => {
  member = await loginAs(app, DEMO.user);
  memberId = (await db.user.findUniqueOrThrow({ where: { email: DEMO.user } })).id;
  otherId = (await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } })).id;
  // The whole year is season here, so the tests do not depend on today's date.
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
});

describe('GET /api/bookings/availability', () => {
  it('lists the bookable courts in map order with ten 1h30 slots, priced from the list, evenings only with lights', async () => {
    const day = await grid(tomorrow);
    expect(day.courts.map((court) => court.code)).toEqual(['A1', 'C1', 'C2', 'C3', 'C4', 'C5']);
    expect(day.courts[0]!.cells.map((slot) => `${slot.start}-${slot.end}`)).toEqual([
      '09:00-10:30', '10:30-12:00', '12:00-13:30', '13:30-15:00', '15:00-16:30', '16:30-18:00', '18:00-19:30', '19:30-21:00', '21:00-22:30', '22:30-24:00',
    ]);
    expect(cell(day, 'C1', '09:00')).toEqual({ start: '09:00', end: '10:30', band: 'day', state: 'free', price: '20.00' });
    expect(cell(day, 'C1', '22:30')).toMatchObject({ band: 'evening', state: 'free', price: '40.00' });
    expect(day.prices).toEqual({ day_slot: '20.00', evening_slot: '40.00', full_day: '60.00', full_day_equipment: '100.00' });
    expect(day).toMatchObject({ date: tomorrow, today, last_bookable_day: addDays(today, 14) });

    // A court without lights offers no evening slot.
    await db.court.update({ where: { code: 'C5' }, data: { hasLights: false } });
    const dark = await grid(tomorrow);
    expect(cell(dark, 'C5', '19:30')).toMatchObject({ state: 'unavailable', price: null });
    expect(cell(dark, 'C5', '18:00').state).toBe('free');
    await db.court.update({ where: { code: 'C5' }, data: { hasLights: true } });
  });

  it('shows taken, mine, closed and past cells, and frees a slot whose hold lapsed', async () => {
    const c1 = await courtId('C1');
    const c2 = await courtId('C2');
    const at = (time: string) => instantInRome(tomorrow, time);
    await db.booking.createMany({
      data: [
        // Someone else's confirmed booking over two slots.
        { courtId: c1, userId: otherId, startsAt: at('10:30'), endsAt: at('13:30'), status: 'confirmed', priceCents: 4000 },
        // The member's own hold, still running.
        { courtId: c1, userId: memberId, startsAt: at('15:00'), endsAt: at('16:30'), status: 'pending_payment', holdExpiresAt: new Date(Date.now() + 10 * 60_000), priceCents: 2000 },
        // A hold whose time ran out a minute ago, not yet marked expired: it no longer blocks.
        { courtId: c2, userId: otherId, startsAt: at('09:00'), endsAt: at('10:30'), status: 'pending_payment', holdExpiresAt: new Date(Date.now() - 60_000), priceCents: 2000 },
        // Cancelled and expired bookings never block.
        { courtId: c2, userId: otherId, startsAt: at('10:30'), endsAt: at('12:00'), status: 'cancelled', cancelledAt: new Date(), priceCents: 2000 },
        { courtId: c2, userId: otherId, startsAt: at('12:00'), endsAt: at('13:30'), status: 'expired', priceCents: 2000 },
      ],
    });
    await db.courtClosure.create({ data: { courtId: c2, startsAt: at('18:00'), endsAt: instantInRome(addDays(tomorrow, 1), '00:00'), reason: 'Manutenzione luci' } });

    const day = await grid(tomorrow);
    expect(['09:00', '10:30', '12:00', '13:30'].map((start) => cell(day, 'C1', start).state)).toEqual(['free', 'taken', 'taken', 'free']);
    expect(cell(day, 'C1', '10:30').price).toBeNull();
    expect(cell(day, 'C1', '15:00').state).toBe('mine');
    expect(['09:00', '10:30', '12:00'].map((start) => cell(day, 'C2', start).state)).toEqual(['free', 'free', 'free']);
    expect(['16:30', '18:00', '19:30', '22:30'].map((start) => cell(day, 'C2', start).state)).toEqual(['free', 'closed', 'closed', 'closed']);

    const yesterday = await grid(addDays(today, -1));
    expect(yesterday.courts.flatMap((court) => court.cells).every((slot) => slot.state === 'past' || slot.state === 'unavailable')).toBe(true);
  });

  it('marks days outside the season and beyond the horizon, and takes prices from the date’s own year', async () => {
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '05-01', seasonEnd: '09-30' } });
    const nextYear = Number(today.slice(0, 4)) + 1;
    const winter = await grid(`${nextYear}-01-15`);
    expect(winter.season).toEqual({ start: `${nextYear}-05-01`, end: `${nextYear}-09-30` });
    expect(new Set(winter.courts.flatMap((court) => court.cells.map((slot) => slot.state)))).toEqual(new Set(['out_of_season']));

    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
    await db.priceListEntry.createMany({
      data: [
        { year: nextYear, code: 'court_day_slot', amountCents: 2250 },
        { year: nextYear, code: 'court_evening_slot', amountCents: 4500 },
      ],
    });
    const far = await grid(`${nextYear}-06-15`);
    expect(cell(far, 'C3', '09:00')).toMatchObject({ state: 'unavailable', price: null });
    expect(far.prices.day_slot).toBe('22.50');
    // Within the horizon the price of the booking's year applies (the list of this year here).
    expect(cell(await grid(addDays(today, 14)), 'C3', '09:00').state).toBe('free');
    expect(cell(await grid(addDays(today, 15)), 'C3', '09:00').state).toBe('unavailable');
  });

  it('filters courts by sport through their setup that day; a court with none shows for every sport', async () => {
    const tennis = await db.setup.create({ data: { name: 'Beach tennis 16×8', sport: 'beach_tennis', netHeightCm: 170, lengthM: 16, widthM: 8 } });
    const volley = await db.setup.create({ data: { name: 'Beach volley maschile', sport: 'beach_volley', netHeightCm: 243, lengthM: 16, widthM: 8 } });
    const day = fromIsoDate(tomorrow);
    await db.courtSetup.createMany({
      data: [
        { courtId: await courtId('C1'), setupId: tennis.id, validFrom: day, validTo: day },
        { courtId: await courtId('C2'), setupId: volley.id, validFrom: fromIsoDate(addDays(tomorrow, -30)), validTo: fromIsoDate(addDays(tomorrow, 30)) },
        // C3 is set up for tennis only from the day after: tomorrow it has no setup.
        { courtId: await courtId('C3'), setupId: tennis.id, validFrom: fromIsoDate(addDays(tomorrow, 1)), validTo: fromIsoDate(addDays(tomorrow, 9)) },
      ],
    });
    expect((await grid(tomorrow, 'beach_tennis')).courts.map((court) => court.code)).toEqual(['A1', 'C1', 'C3', 'C4', 'C5']);
    expect((await grid(tomorrow, 'beach_volley')).courts.map((court) => court.code)).toEqual(['A1', 'C2', 'C3', 'C4', 'C5']);
    expect((await grid(tomorrow)).courts).toHaveLength(6);
  });

  it('refuses a bad date or sport (422) and anonymous callers (401)', async () => {
    const bad = await request(app).get('/api/bookings/availability').query({ date: '2026-02-30', sport: 'calcio' }).set(bearer(member));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['date', 'sport']);
    expect((await request(app).get('/api/bookings/availability').query({ date: tomorrow })).status).toBe(401);
  });

  it('reads the day beside the session check, and answers a session ended meanwhile with 401 only', async () => {
    const token = await loginAs(app, DEMO.user);
    const sessionId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    /** Holds `table` locked until released, then runs `last` in the same transaction. */
    const hold = (table: string, last?: (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) => Promise<unknown>) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const done = db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
        locked();
        await released;
        await last?.(tx);
      }, { timeout: 60_000 });
      return { isLocked, release, done };
    };
    // The session check waits on its table, the day's read on the closures: both at once, or the read waits its turn.
    const sessions = hold('auth_sessions', (tx) => tx.authSession.update({ where: { id: sessionId }, data: { revokedAt: new Date() } }));
    const closures = hold('court_closures');
    await Promise.all([sessions.isLocked, closures.isLocked]);
    const answer = request(app).get('/api/bookings/availability').query({ date: tomorrow }).set(bearer(token)).then((response) => response);
    // (pg_stat_activity keeps a statement's first kilobyte: the session check's join, the day's first column.)
    const waiting = () =>
      db.$queryRaw<{ query: string }[]>`SELECT query FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND (query LIKE '%FROM auth_sessions s JOIN%' OR query LIKE '%SELECT st.season_start%')`;
    await expect.poll(async () => (await waiting()).length, { timeout: 20_000 }).toBe(2);
    // The session ends before its check reads it: the grid already read is never sent.
    sessions.release();
    await sessions.done;
    const response = await answer;
    expect(response.status).toBe(401);
    expect(response.body.courts).toBeUndefined();
    closures.release();
    await closures.done;
  });
});
