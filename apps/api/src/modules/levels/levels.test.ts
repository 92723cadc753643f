// Levels through the real database (docs/levels.md): a competitive result moves every player's rating
// exactly as openskill's own rate() does, for teams of 2 and of 4, and counts once even when applied
// twice at once; the questionnaire starts a level once; an admin's correction is audited; the ranking
// shows only members with enough competitive matches.
import { rate, rating } from 'openskill';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Sport } from '../../generated/prisma/client.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { applyCompetitiveResult, type CompetitiveResult } from './index.js';

const { app, db, deps } = await useTestApp();
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const members = (count: number) => Promise.all(Array.from({ length: count }, (_, index) => createMember(db, { firstName: `Gioc${index}`, lastName: 'Rossi' })));
const apply = (result: CompetitiveResult) => deps.db.$transaction((tx) => applyCompetitiveResult(tx, result));
const ratingsOf = async (sport: Sport, team: number[]) => {
  const rows = await db.memberLevel.findMany({ where: { sport, userId: { in: team } } });
  return team.map((userId) => rows.find((row) => row.userId === userId)!);
};
/** Gives each member a starting rating of its own, so the library's computation is not the trivial one. */
async function seedRatings(sport: Sport, ids: number[]) {
  for (const [index, userId] of ids.entries()) {
    await db.memberLevel.create({ data: { userId, sport, mu: 20 + index * 3, sigma: 8.333 - index * 0.5 } });
  }
}

describe('a competitive result', () => {
  for (const size of [2, 4]) {
    it(`moves every player of a ${size}×${size} exactly as openskill's rate()`, async () => {
      const players = (await members(2 * size)).map((member) => member.id);
      const teams: [number[], number[]] = [players.slice(0, size), players.slice(size)];
      await seedRatings('beach_volley', players);
      const before = await Promise.all(teams.map((team) => ratingsOf('beach_volley', team)));
      // The second side wins: the library's first-ranked team is the winner.
      const expected = rate(
        before.map((team) => team.map((row) => rating({ mu: row.mu, sigma: row.sigma }))),
        { rank: [2, 1] },
      );

      expect(await apply({ sport: 'beach_volley', sourceKey: `test:${size}x${size}`, teams, winner: 1 })).toEqual({ applied: true });

      for (const [side, team] of teams.entries()) {
        const after = await ratingsOf('beach_volley', team);
        after.forEach((row, index) => {
          expect(row.mu).toBeCloseTo(expected[side]![index]!.mu, 10);
          expect(row.sigma).toBeCloseTo(expected[side]![index]!.sigma, 10);
          expect(row.competitiveMatches).toBe(1);
        });
      }
      expect(await db.memberLevelChange.count({ where: { sourceKey: `test:${size}x${size}`, source: 'result' } })).toBe(2 * size);
      // The winners went up, the losers down.
      const [losers, winners] = await Promise.all(teams.map((team) => ratingsOf('beach_volley', team)));
      winners!.forEach((row, index) => expect(row.mu).toBeGreaterThan(before[1]![index]!.mu));
      losers!.forEach((row, index) => expect(row.mu).toBeLessThan(before[0]![index]!.mu));
    });
  }

  it('applied twice at once counts once, and a player without a level starts at the library’s default', async () => {
    const players = (await members(4)).map((member) => member.id);
    const result: CompetitiveResult = { sport: 'beach_tennis', sourceKey: 'test:twice', teams: [players.slice(0, 2), players.slice(2)], winner: 0 };
    const outcomes = await Promise.all([apply(result), apply(result)]);
    expect(outcomes.map((outcome) => outcome.applied).sort()).toEqual([false, true]);
    const expected = rate([[rating(), rating()], [rating(), rating()]]);
    const rows = await ratingsOf('beach_tennis', players);
    rows.forEach((row, index) => {
      expect(row.mu).toBeCloseTo(expected[Math.floor(index / 2)]![index % 2]!.mu, 10);
      expect(row.competitiveMatches).toBe(1);
    });
    expect(await db.memberLevelChange.count({ where: { sourceKey: 'test:twice' } })).toBe(4);
    expect(await apply(result)).toEqual({ applied: false });
  });
});

describe('the member’s levels', () => {
  const questionnaire = (member: TestMember, body: object) => request(app).post('/api/me/levels/questionnaire').set(bearer(member.token)).send(body);

  it('start from the questionnaire once per sport, shown 0–7 with no reliability yet, in the member’s history', async () => {
    const [member] = await members(1);
    const answers = { experience: 3, frequency: 3, competition: 3, technique: 3 };
    const started = await questionnaire(member!, { sport: 'foot_volley', answers }).expect(201);
    expect(started.body.levels).toEqual([{ sport: 'foot_volley', level: 5.5, reliability: 0, competitive_matches: 0 }]);
    expect(started.body.history).toEqual([expect.objectContaining({ sport: 'foot_volley', source: 'questionnaire', level: 5.5, level_before: null })]);

    const again = await questionnaire(member!, { sport: 'foot_volley', answers: { ...answers, technique: 0 } }).expect(409);
    expect(again.body.message).toBe('Hai già un livello in questo sport: lo muovono le partite competitive.');
    const mine = await request(app).get('/api/me/levels').set(bearer(member!.token)).expect(200);
    expect(mine.body.levels).toEqual(started.body.levels);
  });

  it('refuse a questionnaire with an answer missing or out of range, with the field’s message, writing nothing', async () => {
    const [member] = await members(1);
    const refused = await questionnaire(member!, { sport: 'beach_volley', answers: { experience: 4, frequency: 1, competition: 1 } }).set('Accept-Language', 'it').expect(422);
    expect(refused.body.errors['answers.experience']).toEqual(['Scegli una risposta.']);
    expect(refused.body.errors['answers.technique']).toBeDefined();
    expect(await db.memberLevel.count({ where: { userId: member!.id } })).toBe(0);
  });

  it('may be corrected by an admin only, audited, the reliability kept', async () => {
    const [member] = await members(1);
    await questionnaire(member!, { sport: 'beach_volley', answers: { experience: 0, frequency: 0, competition: 0, technique: 0 } }).expect(201);
    await request(app).put(`/api/admin/users/${member!.id}/levels/beach_volley`).set(bearer(logins.staff)).send({ level: 4 }).expect(403);
    await request(app).put(`/api/admin/users/${member!.id}/levels/beach_volley`).set(bearer(logins.admin)).send({ level: 8 }).expect(422);
    const corrected = await request(app).put(`/api/admin/users/${member!.id}/levels/beach_volley`).set(bearer(logins.admin)).send({ level: 4 }).expect(200);
    expect(corrected.body.levels).toEqual([{ sport: 'beach_volley', level: 4, reliability: 0, competitive_matches: 0 }]);
    expect(corrected.body.history[0]).toMatchObject({ source: 'admin', level: 4, level_before: 0.5 });
    const entry = await db.auditLog.findFirst({ where: { entityType: 'member_level_changes', subjectUserId: member!.id } });
    expect(entry).toMatchObject({ action: 'adjust' });
    // A sport with no level yet: the correction is its first level, with nothing before it.
    const first = await request(app).put(`/api/admin/users/${member!.id}/levels/beach_tennis`).set(bearer(logins.admin)).send({ level: 4.5 }).expect(200);
    expect(first.body.history[0]).toMatchObject({ sport: 'beach_tennis', source: 'admin', level: 4.5, level_before: null, reliability: 0 });
  });
});

describe('the club ranking by level', () => {
  it('lists only members with five competitive matches, by level, names shortened, the asker marked', async () => {
    const players = await members(4);
    const ids = players.map((player) => player.id);
    for (let match = 0; match < 5; match += 1) {
      await apply({ sport: 'foot_volley', sourceKey: `test:ranking:${match}`, teams: [ids.slice(0, 2), ids.slice(2)], winner: 0 });
    }
    const [newcomer] = await members(1);
    await apply({ sport: 'foot_volley', sourceKey: 'test:ranking:newcomer', teams: [[newcomer!.id], [ids[3]!]], winner: 0 });

    const ranking = await request(app).get('/api/levels/ranking?sport=foot_volley').set(bearer(players[0]!.token)).expect(200);
    const rows = ranking.body.data as { name: string; level: number; me: boolean; competitive_matches: number }[];
    expect(rows.map((row) => row.competitive_matches).every((count) => count >= 5)).toBe(true);
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.me)).toHaveLength(1);
    expect(rows[0]!.name).toMatch(/^Gioc\d R\.$/);
    expect(rows[0]!.level).toBeGreaterThan(rows[3]!.level);
    await request(app).get('/api/levels/ranking?sport=foot_volley').expect(401);
  });
});
