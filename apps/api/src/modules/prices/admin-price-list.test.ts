// Price list and booking settings back-office through the real database: a year's list, editing
// amounts all or nothing, copy to next year (refused if it exists, once under concurrency), settings.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { yearInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { PRICES } from '../../db/seed-data.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const year = yearInRome();
let admin: string;
let staff: string;

beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
});

describe('price list', () => {
  it('shows every code of the year with its amount as money', async () => {
    const list = await request(app).get(`/api/admin/price-lists/${year}`).set(bearer(admin)).expect(200);
    expect(list.body.years).toEqual([year]);
    expect(list.body.entries).toHaveLength(12);
    expect(list.body.entries.find((e: { code: string }) => e.code === 'court_day_slot').amount).toBe((PRICES.court_day_slot / 100).toFixed(2));
    const empty = await request(app).get(`/api/admin/price-lists/${year + 5}`).set(bearer(admin)).expect(200);
    expect(empty.body.entries.every((e: { amount: null }) => e.amount === null)).toBe(true);
  });

  it('copies to next year once, then edits that year without touching this one', async () => {
    const copies = await Promise.all([1, 2].map(() => request(app).post(`/api/admin/price-lists/${year}/copy`).set(bearer(admin))));
    expect(copies.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = copies.find((r) => r.status === 409)!;
    expect(refused.body.message).toBe(`Il listino ${year + 1} esiste già: modificalo invece di copiarlo.`);
    expect(await db.priceListEntry.count({ where: { year: year + 1 } })).toBe(12);

    const saved = await request(app)
      .put(`/api/admin/price-lists/${year + 1}`)
      .set(bearer(admin))
      .send({ entries: [{ code: 'court_day_slot', amount: '27,50' }] })
      .expect(200);
    expect(saved.body.entries.find((e: { code: string }) => e.code === 'court_day_slot').amount).toBe('27.50');
    expect((await db.priceListEntry.findUniqueOrThrow({ where: { year_code: { year, code: 'court_day_slot' } } })).amountCents).toBe(PRICES.court_day_slot);
    // The public list of next year follows.
    expect((await request(app).get('/api/prices').query({ year: year + 1 })).body.entries.find((e: { code: string }) => e.code === 'court_day_slot').amount_cents).toBe(2750);
  });

  it('refuses a bad amount with nothing written, a copy of a missing year, and staff', async () => {
    const bad = await request(app)
      .put(`/api/admin/price-lists/${year}`)
      .set(bearer(admin))
      .send({ entries: [{ code: 'court_full_day', amount: '90' }, { code: 'court_day_slot', amount: '12,345' }] })
      .expect(422);
    expect(bad.body.errors['entries.1.amount']).toEqual(['Inserisci un importo valido, con al massimo due decimali.']);
    expect((await db.priceListEntry.findUniqueOrThrow({ where: { year_code: { year, code: 'court_full_day' } } })).amountCents).toBe(PRICES.court_full_day);
    await request(app).post(`/api/admin/price-lists/${year + 30}/copy`).set(bearer(admin)).expect(404);
    await request(app).get(`/api/admin/price-lists/${year}`).set(bearer(staff)).expect(403);
  });
});

describe('price list audit', () => {
  const dayPrice = (entries: { code: string; amount: string | null }[]) => entries.find((entry) => entry.code === 'court_day_slot')?.amount;

  it('records a save under the year, with the entries before and after as the screen shows them', async () => {
    const target = year + 10;
    await request(app).put(`/api/admin/price-lists/${target}`).set(bearer(admin)).send({ entries: [{ code: 'court_day_slot', amount: '30' }] }).expect(200);
    await request(app).put(`/api/admin/price-lists/${target}`).set(bearer(admin)).send({ entries: [{ code: 'court_day_slot', amount: '31,50' }] }).expect(200);
    const entry = await lastAuditOf(db, 'price_lists', target);
    expect(entry).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/price-lists/:year',
      subjectUserId: null,
      input: { entries: [{ code: 'court_day_slot', amount: 3150 }] },
    });
    expect(entry!.beforeData).toHaveLength(12);
    expect(dayPrice(entry!.beforeData as never)).toBe('30.00');
    expect(dayPrice(entry!.afterData as never)).toBe('31.50');
  });

  it('records a copy under the year it makes; refused by the audit log, the copy is not kept', async () => {
    const source = year + 20;
    await request(app).put(`/api/admin/price-lists/${source}`).set(bearer(admin)).send({ entries: [{ code: 'court_day_slot', amount: '40' }] }).expect(200);
    await whileRefusing(db, 'audit_log', () => request(app).post(`/api/admin/price-lists/${source}/copy`).set(bearer(admin)).expect(500));
    expect(await db.priceListEntry.count({ where: { year: source + 1 } })).toBe(0);
    expect(await lastAuditOf(db, 'price_lists', source + 1)).toBeNull();

    await request(app).post(`/api/admin/price-lists/${source}/copy`).set(bearer(admin)).expect(201);
    const entry = await lastAuditOf(db, 'price_lists', source + 1);
    expect(entry).toMatchObject({ action: 'copy', route: 'POST /api/admin/price-lists/:year/copy', beforeData: null });
    expect(dayPrice(entry!.afterData as never)).toBe('40.00');
  });

  it('keeps neither a save nor its entry when the audit log refuses the entry', async () => {
    await whileRefusing(db, 'audit_log', () =>
      request(app).put(`/api/admin/price-lists/${year}`).set(bearer(admin)).send({ entries: [{ code: 'court_full_day', amount: '1' }] }).expect(500),
    );
    expect((await db.priceListEntry.findUniqueOrThrow({ where: { year_code: { year, code: 'court_full_day' } } })).amountCents).toBe(PRICES.court_full_day);
  });
});

describe('booking settings', () => {
  it('reads the default booking settings and saves new ones', async () => {
    const current = await request(app).get('/api/admin/settings').set(bearer(admin)).expect(200);
    expect(current.body).toEqual({ season_start: '05-01', season_end: '09-30', booking_horizon_days: 14, payment_hold_minutes: 15, free_cancellation_hours: 24, max_future_bookings: 4, reminder_hours: 24, waitlist_offer_hours: 12, waitlist_cutoff_hours: 24, instalment_grace_days: 3, court_waitlist_offer_hours: 2, court_waitlist_cutoff_hours: 3, tournament_results_feed_levels: false });
    const saved = await request(app).put('/api/admin/settings').set(bearer(admin)).send({ ...current.body, season_start: '04-15', booking_horizon_days: '21' }).expect(200);
    expect(saved.body).toMatchObject({ season_start: '04-15', booking_horizon_days: 21 });
    expect((await db.setting.findUniqueOrThrow({ where: { id: 1 } })).bookingHorizonDays).toBe(21);
  });

  it('refuses a season that ends before it starts, bad MM-DD and out-of-range numbers', async () => {
    const current = (await request(app).get('/api/admin/settings').set(bearer(admin))).body;
    const backwards = await request(app).put('/api/admin/settings').set(bearer(admin)).send({ ...current, season_start: '10-01', season_end: '09-30' }).expect(422);
    expect(backwards.body.errors.season_end).toEqual(['La fine della stagione deve seguire l’inizio.']);
    const bad = await request(app).put('/api/admin/settings').set(bearer(admin)).send({ ...current, season_start: '00-01', max_future_bookings: 0 }).expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['max_future_bookings', 'season_start']);
    await request(app).put('/api/admin/settings').set(bearer(staff)).send(current).expect(403);
  });
});
