// The calendar files as a calendar app reads them (Mozilla's ical.js): every start and end is the
// booking's instant, in winter, in summer and on both days the clocks change in Rome.
import ICAL from 'ical.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createMember } from '../../test/members.js';
import { instantInRome } from '../../lib/time.js';

const { app, db } = await useTestApp();

/** A time without `Z` and without a known TZID is "floating": every phone shows it in its own zone. */
const instantOf = (time: ICAL.Time) => {
  expect(time.zone?.tzid, `${time.toString()} is not a real instant`).toBe('UTC');
  return time.toJSDate().toISOString();
};
const eventsOf = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((component) => ({
    uid: component.getFirstPropertyValue('uid') as string,
    start: instantOf(component.getFirstPropertyValue('dtstart') as ICAL.Time),
    end: instantOf(component.getFirstPropertyValue('dtend') as ICAL.Time),
    stamp: instantOf(component.getFirstPropertyValue('dtstamp') as ICAL.Time),
  }));

describe('calendar files', () => {
  it('write the booking instants, whatever the Rome offset that day', async () => {
    const member = await createMember(db, { firstName: 'Carlo', lastName: 'Calendario' });
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
    // Winter (+01:00), summer (+02:00), the spring-forward Sunday and the fall-back Sunday, late evening
    // so the end (midnight) is the next day.
    const plays = [
      ['2026-11-24', '10:30'],
      ['2026-07-15', '19:30'],
      ['2026-03-29', '09:00'],
      ['2026-10-25', '22:30'],
    ] as const;
    const bookings = await Promise.all(
      plays.map(([date, start]) => {
        const startsAt = instantInRome(date, start);
        return db.booking.create({ data: { courtId: court.id, userId: member.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 2000 } });
      }),
    );
    const expected = bookings.map((booking) => ({ uid: `booking-${booking.id}@adriaticabeach.it`, start: booking.startsAt.toISOString(), end: booking.endsAt.toISOString() }));
    // 10:30 in Rome on 24 November is 09:30 UTC.
    expect(expected[0]!.start).toBe('2026-11-24T09:30:00.000Z');

    const auth = { Authorization: `Bearer ${member.token}` };
    for (const [index, booking] of bookings.entries()) {
      const single = await request(app).get(`/api/bookings/${booking.id}/ics`).set(auth).expect(200);
      expect(eventsOf(single.text)).toEqual([expect.objectContaining(expected[index])]);
    }
    const feed = await request(app).get('/api/bookings/calendar').set(auth).expect(200);
    const served = await request(app).get(new URL(feed.body.url).pathname).expect(200);
    expect(served.headers['content-type']).toMatch(/^text\/calendar/);
    const events = eventsOf(served.text);
    expect(events.map(({ uid, start, end }) => ({ uid, start, end }))).toEqual(expect.arrayContaining(expected));
    expect(events).toHaveLength(plays.length);
    expect(Math.abs(new Date(events[0]!.stamp).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('answers an unknown feed address with a JSON 404 that nobody caches', async () => {
    const response = await request(app).get(`/api/bookings/calendar/${'x'.repeat(32)}.ics`);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.message).toBe('Calendario non trovato: l’indirizzo potrebbe essere stato rigenerato.');
  });
});
