// The members' list of open matches, "at my level" (GET /api/open-matches?at_my_level=true), with 2,000
// members who each have a level per sport and a season of matches (150 days, most of them played, the next
// two weeks' taking players): p95 of 200 requests in turns with the same list read with raw SQL through pg.
// Target: p95 ≤ 1.5× raw SQL. Recomputing every level from 20,000 results is `pnpm bench:levels`.
// Run: pnpm bench:open-matches
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { jsonClient, startBenchApi, timeSideBySide } from './lib/api-server.js';

const MEMBERS = 2_000;
const SEASON_DAYS = 150;
const AHEAD_DAYS = 14;
const WARM_UP = 20;
const RUNS = 200;
const VIEWER = 'utente@demo.beach';

const api = await startBenchApi({ WORKERS: 'off' });
const client = new pg.Client({ connectionString: api.databaseUrl });
await client.connect();

console.log(`Dati: ${MEMBERS} soci con un livello per sport, ${SEASON_DAYS + AHEAD_DAYS} giorni di partite aperte…`);
const started = performance.now();
await client.query(`
  INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at)
  SELECT (ARRAY['Marco','Giulia','Luca','Francesca','Andrea','Chiara'])[1 + i % 6], 'Giocatore' || i, 'partite' || i || '@esempio.it', 'x', now()
  FROM generate_series(1, ${MEMBERS}) i`);
// Levels spread over the scale (mu 10–40, 1.4–5.6), the viewer's in the middle (3.5) in every sport.
await client.query(`
  INSERT INTO member_levels (user_id, sport, mu, sigma, competitive_matches)
  SELECT u.id, s.sport, 10 + ((u.id * 37 + s.n * 11) % 300) / 10.0, 3 + (u.id % 5), u.id % 20
  FROM users u CROSS JOIN (VALUES ('beach_volley'::sport, 1), ('beach_tennis'::sport, 2), ('foot_volley'::sport, 3)) s(sport, n)
  WHERE u.email LIKE 'partite%@esempio.it' OR u.email = '${VIEWER}'
  ON CONFLICT (user_id, sport) DO UPDATE SET mu = 25`);
// Paid players written directly: the ledger's trigger (paid_at kept by the share's receivable) is off for this load.
await client.query('SET session_replication_role = replica');
// One match in four slots of the C and B courts, every day: played (filled) before today, open after, every
// third of those filled already; the organiser and 0–3 players in (paid), a third competitive.
await client.query(`
  WITH members AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE 'partite%@esempio.it'),
  slots AS (
    SELECT c.id AS court_id, d, (date_trunc('day', now() AT TIME ZONE 'Europe/Rome') + make_interval(days => d) + make_interval(mins => m)) AT TIME ZONE 'Europe/Rome' AS starts_at,
           row_number() OVER () AS k
    FROM courts c CROSS JOIN generate_series(${-SEASON_DAYS}, ${AHEAD_DAYS}) d CROSS JOIN unnest(ARRAY[540, 630, 1080, 1170]) m
    WHERE c.code IN ('B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4') AND (c.code < 'C' OR m >= 630)
  ),
  made AS (
    INSERT INTO bookings (court_id, user_id, starts_at, ends_at, status, price_cents, created_at)
    SELECT s.court_id, m.id, s.starts_at, s.starts_at + interval '90 minutes', 'confirmed', 2000, LEAST(now(), s.starts_at - interval '3 days')
    FROM slots s JOIN members m ON m.n = 1 + (s.k * 7919) % ${MEMBERS}
    RETURNING id, user_id, starts_at
  ),
  matches AS (
    INSERT INTO open_matches (booking_id, organiser_id, sport, format, players_count, competitive, level_min_tenths, level_max_tenths, part_cents, cutoff_at, state, created_at)
    SELECT id, user_id, (ARRAY['beach_volley','beach_tennis','foot_volley'])[1 + id % 3]::sport,
           (ARRAY['volley_2x2','tennis_doubles','footvolley_2x2'])[1 + id % 3]::open_match_format, 4, id % 3 = 0,
           CASE WHEN id % 3 = 0 THEN 10 + id % 30 END, CASE WHEN id % 3 = 0 THEN 30 + id % 30 END, 500,
           starts_at - interval '6 hours', CASE WHEN starts_at < now() THEN 'filled' ELSE 'open' END::open_match_state, LEAST(now(), starts_at - interval '3 days')
    FROM made RETURNING booking_id, organiser_id, state
  )
  INSERT INTO booking_players (booking_id, user_id, status, paid_with, paid_at, created_at)
  SELECT x.booking_id, m.id, 'paid', 'credit', now(), now()
  FROM matches x CROSS JOIN generate_series(1, 3) p
  JOIN members m ON m.n = 1 + (x.booking_id * 31 + p * 613) % ${MEMBERS}
  WHERE m.id <> x.organiser_id AND (x.state = 'filled' OR p <= x.booking_id % 4)`);
await client.query('SET session_replication_role = DEFAULT');
await client.query('ANALYZE');
const counts = (await client.query<{ matches: number; upcoming: number; players: number }>(`
  SELECT (SELECT count(*) FROM open_matches)::int AS matches, (SELECT count(*) FROM open_matches WHERE state = 'open' AND cutoff_at > now())::int AS upcoming,
         (SELECT count(*) FROM booking_players)::int AS players`)).rows[0]!;
console.log(`  ${counts.matches} partite (${counts.upcoming} ancora aperte), ${counts.players} giocatori, pronti in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const viewerId = (await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [VIEWER])).rows[0]!.id;
const headers = await api.login(VIEWER);

/**
 * The same list in one statement: matches taking players (booking confirmed and ahead, open before the
 * cut-off), inside the viewer's range for a competitive one, a place left, with every player and level.
 */
const rawList = () =>
  client.query(
    `WITH mine AS (SELECT sport, round(mu * 70 / 50) AS tenths FROM member_levels WHERE user_id = $1)
     SELECT om.*, b.starts_at, b.ends_at, c.name AS court, o.first_name, o.last_name, ol.mu AS organiser_mu, p.players, p.taken
     FROM open_matches om JOIN bookings b ON b.id = om.booking_id JOIN courts c ON c.id = b.court_id JOIN users o ON o.id = om.organiser_id
     LEFT JOIN member_levels ol ON ol.user_id = om.organiser_id AND ol.sport = om.sport
     LEFT JOIN mine ON mine.sport = om.sport
     CROSS JOIN LATERAL (
       SELECT count(*) AS taken, json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'mu', l.mu) ORDER BY bp.id) AS players
       FROM booking_players bp JOIN users u ON u.id = bp.user_id LEFT JOIN member_levels l ON l.user_id = u.id AND l.sport = om.sport
       WHERE bp.booking_id = om.booking_id AND bp.status <> 'dropped'
     ) p
     WHERE om.state = 'open' AND om.cutoff_at > now() AND b.status = 'confirmed' AND b.starts_at > now()
       AND (NOT om.competitive OR mine.tenths BETWEEN om.level_min_tenths AND om.level_max_tenths)
       AND p.taken + 1 < om.players_count
     ORDER BY b.starts_at, om.id`,
    [viewerId],
  );

const url = `${api.url}/api/open-matches?at_my_level=true`;
const timedClient = jsonClient(headers);
let listed = 0;
const { api: viaApi, sql: viaSql } = await timeSideBySide(
  async () => {
    const { status, body } = await timedClient.get<{ data: unknown[] }>(url);
    if (status !== 200) throw new Error(`lista: ${status}`);
    listed = body.data.length;
  },
  rawList,
  { warmUp: WARM_UP, runs: RUNS },
);
const rawCount = (await rawList()).rowCount;
console.log(`\n${RUNS} richieste (dopo ${WARM_UP} di riscaldamento), millisecondi: partite "al mio livello" ${listed} (SQL ${rawCount})`);
console.log('API p50'.padStart(8), 'API p95'.padStart(8), 'SQL p50'.padStart(8), 'SQL p95'.padStart(8), 'rapporto p95'.padStart(13));
console.log(String(viaApi.p50).padStart(8), String(viaApi.p95).padStart(8), String(viaSql.p50).padStart(8), String(viaSql.p95).padStart(8), `${(viaApi.p95 / viaSql.p95).toFixed(2)}x`.padStart(13));
console.log('\nRicalcolo di tutti i livelli da 20.000 risultati: pnpm bench:levels');

timedClient.close();
await client.end();
await api.stop();
