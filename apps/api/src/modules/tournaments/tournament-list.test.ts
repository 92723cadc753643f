// The tournaments list's two tabs (docs/tournaments.md#public-and-member-screens): "Prossimi" holds the
// tournaments to come and being played, "Passati" those finished or whose last day is gone, however old,
// the latest first; drafts and cancelled ones in neither; a bad tab is a 422 in Italian.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { makeTournament } from './test-tournaments.js';

const { app, db } = await useTestApp();
const ids: Record<string, number> = {};

/** A tournament played on the day `startsIn` days from today, its registration closed the day before. */
async function playedOn(startsIn: number, status: 'draft' | 'published' | 'drawn' | 'finished' | 'cancelled') {
  const made = await makeTournament(db, { status: status === 'draft' ? 'draft' : 'published' });
  const day = fromIsoDate(addDays(todayInRome(), startsIn));
  const dayBefore = new Date(day.getTime() - 86_400_000);
  return db.tournament.update({
    where: { id: made.id },
    data: { startsOn: day, endsOn: day, registrationOpensAt: new Date(dayBefore.getTime() - 86_400_000), registrationClosesAt: dayBefore, status },
  });
}

beforeAll(async () => {
  const made = {
    coming: await playedOn(10, 'published'),
    playedToday: await playedOn(0, 'drawn'),
    finishedToday: await playedOn(0, 'finished'),
    lastMonth: await playedOn(-20, 'finished'),
    lastYear: await playedOn(-400, 'finished'),
    draft: await playedOn(-5, 'draft'),
    cancelled: await playedOn(-6, 'cancelled'),
  };
  for (const [name, row] of Object.entries(made)) ids[name] = row.id;
});

const listed = async (query: object) => {
  const answer = await request(app).get('/api/tournaments').query(query).expect(200);
  const mine = new Set(Object.values(ids));
  return (answer.body.data as { id: number }[]).map((row) => row.id).filter((id) => mine.has(id));
};

describe('the tournaments list', () => {
  it('shows the coming and ongoing ones by default, soonest first', async () => {
    expect(await listed({})).toEqual([ids.playedToday, ids.coming]);
    expect(await listed({ when: 'upcoming' })).toEqual([ids.playedToday, ids.coming]);
  });

  it('shows the past ones, finished today to a year ago, latest first', async () => {
    expect(await listed({ when: 'past' })).toEqual([ids.finishedToday, ids.lastMonth, ids.lastYear]);
  });

  it('refuses a tab it does not know', async () => {
    const bad = await request(app).get('/api/tournaments').query({ when: 'ieri' }).expect(422);
    expect(bad.body.errors).toEqual({ when: ['Scegli tra tornei prossimi e passati.'] });
  });
});
