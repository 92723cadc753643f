import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { yearInRome } from '../../lib/time.js';

const { app, db } = await useTestApp();

describe('GET /api/prices', () => {
  it('returns this year’s base price list in cents', async () => {
    const { body } = await request(app).get('/api/prices').expect(200);
    expect(body.year).toBe(yearInRome());
    const amounts = Object.fromEntries(body.entries.map((entry: { code: string; amount_cents: number }) => [entry.code, entry.amount_cents]));
    expect(amounts).toEqual({
      membership_seasonal: 6000, membership_seasonal_bvu: 5000, membership_under_23: 3000, membership_under_18: 0,
      membership_monthly: 3000, membership_weekly: 2000, membership_daily: 500, insurance_addon: 1000,
      court_full_day: 6000, court_full_day_equipment: 10000, court_day_slot: 2000, court_evening_slot: 4000,
    });
  });

  it('falls back to the latest list published before the year asked for, and reads from the database', async () => {
    const year = yearInRome();
    await db.priceListEntry.update({ where: { year_code: { year, code: 'membership_daily' } }, data: { amountCents: 700 } });
    const { body } = await request(app).get(`/api/prices?year=${year + 3}`).expect(200);
    expect(body.year).toBe(year);
    expect(body.entries.find((entry: { code: string }) => entry.code === 'membership_daily').amount_cents).toBe(700);
  });

  it('returns an empty list for a year before any list, when none was published after it either', async () => {
    await db.priceListEntry.deleteMany({});
    const { body } = await request(app).get('/api/prices?year=2001').expect(200);
    expect(body).toEqual({ year: 2001, entries: [] });
  });
});
