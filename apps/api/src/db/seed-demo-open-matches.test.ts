// The open matches of the demo: a season of results whose levels are openskill's own (replayed here from the
// recorded results), and matches on the next days at every fill state, their books reconciled.
import { rate, rating, type Rating } from 'openskill';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../lib/seeded-random.js';
import { useTestApp } from '../test/app.js';
import { createMember } from '../test/members.js';
import { seedDemoOpenMatches } from './seed-demo-open-matches.js';

const { db, services } = await useTestApp();

describe('the demo’s open matches', () => {
  it('gives the members levels from a season of results and opens matches on the next days at every fill state', async () => {
    const members: { id: number }[] = [];
    for (let index = 0; index < 24; index++) members.push(await createMember(db, { firstName: `Demo${index}`, lastName: 'Partite' }));
    const now = new Date();
    const lines: string[] = [];
    await db.$transaction((tx) => seedDemoOpenMatches(tx, { random: seededRandom(7), now, members, log: (line) => lines.push(line) }), { timeout: 120_000 });
    expect(lines).toEqual(['Partite aperte demo: 150 risultati competitivi (livelli calcolati da openskill), 5 partite aperte nei prossimi giorni.']);

    // Every level is openskill's, replayed from the results in the order they were applied.
    const changes = await db.memberLevelChange.findMany({ where: { sourceKey: { startsWith: 'demo-season:' } }, orderBy: { id: 'asc' } });
    const replayed = new Map<string, Rating>();
    const results = await db.levelResult.findMany({ where: { sourceKey: { startsWith: 'demo-season:' } } });
    expect(results).toHaveLength(150);
    for (const result of results.sort((a, b) => Number(a.sourceKey.split(':')[1]) - Number(b.sourceKey.split(':')[1]))) {
      const rows = changes.filter((change) => change.sourceKey === result.sourceKey);
      const size = rows.length / 2;
      const teams = [rows.slice(0, size), rows.slice(size)].map((side) => side.map((row) => row.userId));
      const rated = rate(teams.map((team) => team.map((userId) => replayed.get(`${result.sport}:${userId}`) ?? rating())), { rank: result.winner === 0 ? [1, 2] : [2, 1] });
      teams.forEach((team, side) => team.forEach((userId, index) => replayed.set(`${result.sport}:${userId}`, rated[side]![index]!)));
    }
    const levels = await db.memberLevel.findMany({ where: { userId: { in: members.map((member) => member.id) } } });
    expect(levels.length).toBeGreaterThan(40);
    for (const level of levels) expect(level.mu).toBeCloseTo(replayed.get(`${level.sport}:${level.userId}`)!.mu, 9);
    expect(Math.max(...changes.map((change) => change.createdAt.getTime()))).toBeLessThan(now.getTime());

    const { day } = services.openMatches.desk;
    const fills = [];
    for (let ahead = 1; ahead <= 3; ahead++) {
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(now.getTime() + ahead * 86_400_000));
      fills.push(...(await day(date)).data.map((match) => `${match.taken}/${match.players_count} ${match.state}`));
    }
    expect(fills.sort()).toEqual(['1/4 open', '2/4 open', '3/4 open', '4/4 full', '5/8 open']);
    expect(await db.bookingPlayer.count({ where: { guestName: 'Paolo Turista', paidAt: { not: null } } })).toBe(1);
    expect((await services.reconciliation.checks()).filter((check) => !check.ok)).toEqual([]);
  });
});
