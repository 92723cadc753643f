// The course preview's warnings and refusals (docs/school.md#sessions): a lesson ending after dark on a
// court without lights is warned about (sunset, or the evening band the planner marks "Senza luci"),
// never refused; dates all in the past are a field error under the first day, and nothing is saved.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { mondayNextYear } from '../../test/days.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const court: Record<string, number> = {};
beforeAll(async () => {
  for (const row of await db.court.findMany({ where: { code: { in: ['C1', 'D4', 'D5'] } } })) court[row.code] = row.id;
});

// A week of next December's earliest sunsets (its Tuesday and Thursday between the 4th and the 12th: sunset at
// 16:31, computed for 2027–2070), and a Monday in mid-June, when the sun sets after 20:30.
const december = mondayNextYear('12-03');
const june = mondayNextYear('06-14');
const schedule = (overrides: Record<string, unknown> = {}) => ({
  court_ids: [court.D4, court.D5], starts_on: december, ends_on: addDays(december, 4), weekdays: [2, 4], start_time: '19:00', duration_minutes: 90, ...overrides,
});
type Occurrence = { date: string; state: string; warnings: string[] };
const preview = async (overrides: Record<string, unknown> = {}) =>
  (await request(app).post('/api/admin/courses/preview').set(bearer(logins.admin)).send(schedule(overrides)).expect(200)).body as { occurrences: Occurrence[]; free: number };

describe('the preview on courts without lights', () => {
  it('warns for each December lesson at 19:00–20:30 on D4 and D5 that it ends after sunset, and still lets it be saved', async () => {
    const lessons = await preview();
    expect(lessons.occurrences.map(({ date, state, warnings }) => ({ date, state, warnings }))).toEqual([
      { date: addDays(december, 1), state: 'free', warnings: ['Senza luci su D4, D5: la lezione finisce dopo il tramonto (16:31).'] },
      { date: addDays(december, 3), state: 'free', warnings: ['Senza luci su D4, D5: la lezione finisce dopo il tramonto (16:31).'] },
    ]);
    const saved = await request(app).post('/api/admin/courses').set(bearer(logins.admin))
      .send({ ...schedule(), name: 'Serale dicembre', max_participants: 8, price: '100' }).expect(201);
    expect(saved.body.message).toBe('Corso salvato: 2 lezioni.');
  });

  it('in June warns from 19:30, when the planner marks the unlit courts "Senza luci", before sunset', async () => {
    const evening = await preview({ starts_on: june, ends_on: addDays(june, 1), weekdays: [2] });
    expect(evening.occurrences[0]!.warnings).toEqual(['Senza luci su D4, D5: la lezione finisce dopo le 19:30.']);
    const beforeDark = await preview({ starts_on: june, ends_on: addDays(june, 1), weekdays: [2], start_time: '18:00' });
    expect(beforeDark.occurrences[0]!.warnings).toEqual([]);
  });

  it('names only the unlit courts, and says nothing on lit ones', async () => {
    expect((await preview({ court_ids: [court.C1, court.D5] })).occurrences[0]!.warnings).toEqual(['Senza luci su D5: la lezione finisce dopo il tramonto (16:31).']);
    expect((await preview({ court_ids: [court.C1] })).occurrences[0]!.warnings).toEqual([]);
  });
});

describe('dates all in the past', () => {
  const message = 'Tutte le lezioni cadrebbero nel passato: scegli un primo giorno da oggi in poi.';

  it('are an error under the first day in the preview and when saving, and nothing is saved', async () => {
    const past = { starts_on: '2024-03-04', ends_on: '2024-03-29' };
    const previewed = await request(app).post('/api/admin/courses/preview').set(bearer(logins.admin)).send(schedule(past)).expect(422);
    expect(previewed.body.errors).toEqual({ starts_on: [message] });
    const before = await db.course.count();
    const saved = await request(app).post('/api/admin/courses').set(bearer(logins.admin)).send({ ...schedule(past), name: 'Corso passato', max_participants: 8, price: '100' }).expect(422);
    expect(saved.body.errors).toEqual({ starts_on: [message] });
    expect(await db.course.count()).toBe(before);
  });

  it('leave a course begun in the past with lessons still to come to be previewed, its past lessons marked', async () => {
    const dayAway = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const begun = await preview({ starts_on: dayAway(-14), ends_on: dayAway(14), weekdays: [1, 2, 3, 4, 5, 6, 7], start_time: '10:00', court_ids: [court.C1] });
    expect(begun.occurrences[0]!.state).toBe('past');
    expect(begun.free).toBeGreaterThan(0);
  });
});
