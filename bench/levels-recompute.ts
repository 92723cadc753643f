// Levels from a season of results (docs/levels.md#results): 2,000 members and 20,000 competitive results
// (three 2×2 for each 4×4, three sports, the stronger side winning more often). Measured: recomputing every
// level from the whole season — openskill's rate() replayed in order from the starting rating, then every
// member's level written in one statement — and the live path, one transaction per confirmed result through
// applyCompetitiveResult, on the season's first results (p50/p95 per result), whose levels must equal the
// replay's of the same results.
// Run: pnpm bench:levels
import { performance } from 'node:perf_hooks';
import { rate, rating, type Rating } from 'openskill';
import pg from 'pg';
import type { Sport } from '../apps/api/src/generated/prisma/client.js';
import { createDb } from '../apps/api/src/lib/db.js';
import { applyCompetitiveResult, type CompetitiveResult } from '../apps/api/src/modules/levels/index.js';
import { percentiles, startBenchApi } from './lib/api-server.js';

const MEMBERS = 2_000;
const RESULTS = 20_000;
const LIVE_RESULTS = 1_000;
const SPORTS: Sport[] = ['beach_volley', 'beach_tennis', 'foot_volley'];

/** A small seeded generator, so every run plays the same season. */
let seed = 52;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const api = await startBenchApi({ WORKERS: 'off' });
const client = new pg.Client({ connectionString: api.databaseUrl });
await client.connect();
const db = createDb(api.databaseUrl);

const ids = (
  await client.query<{ id: number }>(`
    INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at)
    SELECT 'Giocatore', 'Numero' || i, 'livelli' || i || '@esempio.it', 'x', now() FROM generate_series(1, ${MEMBERS}) i
    RETURNING id`)
).rows.map((row) => row.id);
const skill = new Map(ids.map((id) => [id, random()]));

function season(): CompetitiveResult[] {
  return Array.from({ length: RESULTS }, (_, index) => {
    const size = index % 4 === 3 ? 4 : 2;
    const players = new Set<number>();
    while (players.size < 2 * size) players.add(ids[Math.floor(random() * ids.length)]!);
    const [a, b] = [[...players].slice(0, size), [...players].slice(size)];
    const strength = (team: number[]) => team.reduce((sum, id) => sum + skill.get(id)!, 0);
    const winner = random() < strength(a) / (strength(a) + strength(b)) ? 0 : 1;
    return { sport: SPORTS[index % SPORTS.length]!, sourceKey: `bench:${index}`, teams: [a, b], winner };
  });
}

/** Every level from the starting rating, result after result (the key is a member in a sport). */
function replay(results: CompetitiveResult[]) {
  const ratings = new Map<string, Rating & { matches: number }>();
  const of = (sport: Sport, id: number) => ratings.get(`${sport}:${id}`) ?? { ...rating(), matches: 0 };
  for (const { sport, teams, winner } of results) {
    const rated = rate(teams.map((team) => team.map((id) => of(sport, id))), { rank: winner === 0 ? [1, 2] : [2, 1] });
    teams.forEach((team, side) => team.forEach((id, index) => ratings.set(`${sport}:${id}`, { ...rated[side]![index]!, matches: of(sport, id).matches + 1 })));
  }
  return ratings;
}

const results = season();
console.log(`Dati: ${MEMBERS} soci, ${RESULTS} risultati competitivi (2×2 e 4×4, tre sport)`);

const started = performance.now();
const ratings = replay(results);
const replayed = performance.now();
const rows = [...ratings.entries()].map(([key, value]) => ({ sport: key.split(':')[0]!, userId: Number(key.split(':')[1]), ...value }));
await client.query(
  `INSERT INTO member_levels (user_id, sport, mu, sigma, competitive_matches)
   SELECT * FROM unnest($1::int[], $2::sport[], $3::float8[], $4::float8[], $5::int[])
   ON CONFLICT (user_id, sport) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, competitive_matches = EXCLUDED.competitive_matches, updated_at = now()`,
  [rows.map((row) => row.userId), rows.map((row) => row.sport), rows.map((row) => row.mu), rows.map((row) => row.sigma), rows.map((row) => row.matches)],
);
const written = performance.now();
console.log(`\nRicalcolo di tutti i livelli (${rows.length} livelli di soci per sport)`);
console.log(`  openskill, ${RESULTS} risultati in ordine   ${((replayed - started) / 1000).toFixed(2)} s`);
console.log(`  scrittura in un'istruzione             ${((written - replayed) / 1000).toFixed(2)} s`);
console.log(`  totale                                 ${((written - started) / 1000).toFixed(2)} s`);

// The live path, from empty levels: one transaction per result, as a confirmation makes it.
await client.query('TRUNCATE member_levels, member_level_changes, level_results');
const live = results.slice(0, LIVE_RESULTS);
const samples: number[] = [];
for (const result of live) {
  const before = performance.now();
  await db.$transaction((tx) => applyCompetitiveResult(tx, result));
  samples.push(performance.now() - before);
}
const expected = replay(live);
const stored = await db.memberLevel.findMany();
const drift = Math.max(...stored.map((row) => Math.abs(row.mu - expected.get(`${row.sport}:${row.userId}`)!.mu) + Math.abs(row.sigma - expected.get(`${row.sport}:${row.userId}`)!.sigma)));
const { p50, p95 } = percentiles(samples);
console.log(`\nUn risultato confermato (applyCompetitiveResult, ${LIVE_RESULTS} transazioni), millisecondi: p50 ${p50}  p95 ${p95}`);
console.log(`  stessi livelli del ricalcolo: ${stored.length === expected.size && drift < 1e-9 ? 'sì' : `NO (scarto ${drift})`}`);

await db.$disconnect();
await client.end();
await api.stop();
