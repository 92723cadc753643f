// The back-office memberships list (GET /api/admin/memberships) over 100,000 cards: p95 of 200
// requests per filter and search, in turns with the same page read with raw SQL through pg.
// Target: p95 ≤ 2× raw SQL.  Run: pnpm bench:memberships-list
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { jsonClient, startBenchApi, timeSideBySide } from './lib/api-server.js';

const CARDS = 100_000;
const USERS = 40_000;
const WARM_UP = 20;
const RUNS = 200;

const api = await startBenchApi({ WORKERS: 'off' });
const client = new pg.Client({ connectionString: api.databaseUrl });
await client.connect();
// The raw page and count run side by side on two connections, as the endpoint runs them (one client
// would queue them one after the other).
const pool = new pg.Pool({ connectionString: api.databaseUrl, max: 2 });

console.log(`Dati: ${USERS} utenti, ${CARDS} tessere…`);
const started = performance.now();
await client.query(`
  INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at)
  SELECT (ARRAY['Marco','Giulia','Luca','Francesca','Andrea','Chiara','Matteo','Sara','Davide','Elena'])[1 + i % 10],
         (ARRAY['Rossi','Bianchi','Ferrari','Esposito','Romano','Colombo','Ricci','Marino','Greco','Bruno','Gallo','Conti'])[1 + (i / 10) % 12] || i,
         'socio' || i || '@esempio.it', 'x', now()
  FROM generate_series(1, ${USERS}) i`);
await client.query(`
  WITH members AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE 'socio%@esempio.it')
  INSERT INTO memberships (membership_number, user_id, type, status, is_bvu_member, start_date, end_date, original_price_cents, price_cents, activated_at, created_at)
  SELECT 'B' || (2020 + i / ${USERS}) || '-' || lpad(i::text, 6, '0'), m.id,
         (ARRAY['seasonal','under_23','under_18','monthly','weekly','daily'])[1 + i % 6]::membership_type,
         s.status::membership_status, i % 9 = 0,
         make_date(2020 + i / ${USERS}, 5, 1), make_date(2020 + i / ${USERS}, 9, 30), 6000, 6000,
         CASE WHEN s.status = 'pending' THEN NULL ELSE now() END,
         now() - make_interval(mins => ${CARDS} - i)
  FROM generate_series(0, ${CARDS - 1}) i
  JOIN members m ON m.n = i % ${USERS}
  CROSS JOIN LATERAL (SELECT CASE WHEN i % 10 = 0 THEN 'pending' WHEN i / ${USERS} = 2 THEN 'active' ELSE 'expired' END AS status) s`);
// The cards' books as the application keeps them (each price owed; what an expired card never paid written off).
await client.query('SELECT ledger_post_history()');
await client.query('ANALYZE');
console.log(`  pronti in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const headers = await api.login('admin@demo.beach');

/** The same page as the endpoint: filtered, newest first, with holder and latest payment, and the count. */
function rawQueries(filter: string, params: unknown[]) {
  return async () => {
    await Promise.all([
      pool.query(
        `SELECT m.*, u.first_name, u.last_name, u.email, u.phone, u.birth_date, u.role, t.method, t.status AS payment_status, t.stripe_payment_intent_id, t.created_at AS paid_created
         FROM memberships m JOIN users u ON u.id = m.user_id
         LEFT JOIN LATERAL (SELECT * FROM transactions t WHERE t.membership_id = m.id AND t.type = 'payment' ORDER BY t.created_at DESC LIMIT 1) t ON true
         ${filter} ORDER BY m.created_at DESC, m.id DESC LIMIT 15`,
        params,
      ),
      pool.query(`SELECT count(*)::int FROM memberships m ${filter}`, params),
    ]);
  };
}

// The search as the endpoint writes it: a union of the two trigram index scans.
const search = (text: string) =>
  [
    `WHERE m.id IN (SELECT id FROM memberships WHERE membership_number ILIKE $1
       UNION SELECT held.id FROM users s JOIN memberships held ON held.user_id = s.id WHERE (s.first_name || ' ' || s.last_name || ' ' || s.email) ILIKE $1)`,
    [`%${text}%`],
  ] as const;
const scenarios: { name: string; query: Record<string, string>; filter: string; params: unknown[] }[] = [
  { name: 'nessun filtro', query: {}, filter: '', params: [] },
  { name: 'stato attive', query: { status: 'active' }, filter: "WHERE m.status = 'active'", params: [] },
  { name: 'tipo mensile', query: { type: 'monthly' }, filter: "WHERE m.type = 'monthly'", params: [] },
  { name: 'solo BVU', query: { bvu_status: 'bvu' }, filter: 'WHERE m.is_bvu_member', params: [] },
  { name: 'ricerca cognome "ferrari12"', query: { search: 'ferrari12' }, filter: search('ferrari12')[0], params: [...search('ferrari12')[1]] },
  { name: 'ricerca numero "B2022-0812"', query: { search: 'B2022-0812' }, filter: search('B2022-0812')[0], params: [...search('B2022-0812')[1]] },
  { name: 'ricerca e-mail "socio3999"', query: { search: 'socio3999' }, filter: search('socio3999')[0], params: [...search('socio3999')[1]] },
];

console.log(`\n${RUNS} richieste per scenario (dopo ${WARM_UP} di riscaldamento), millisecondi:`);
console.log('scenario'.padEnd(32), 'API p50'.padStart(8), 'API p95'.padStart(8), 'SQL p50'.padStart(8), 'SQL p95'.padStart(8), 'rapporto p95'.padStart(13), 'risultati'.padStart(10));
const timedClient = jsonClient(headers);
for (const scenario of scenarios) {
  const url = `${api.url}/api/admin/memberships?${new URLSearchParams(scenario.query)}`;
  let total = 0;
  const { api: viaApi, sql: viaSql } = await timeSideBySide(
    async () => {
      const { status, body } = await timedClient.get<{ total: number }>(url);
      if (status !== 200) throw new Error(`${scenario.name}: ${status}`);
      total = body.total;
    },
    rawQueries(scenario.filter, scenario.params),
    { warmUp: WARM_UP, runs: RUNS },
  );
  console.log(scenario.name.padEnd(32), String(viaApi.p50).padStart(8), String(viaApi.p95).padStart(8), String(viaSql.p50).padStart(8), String(viaSql.p95).padStart(8), `${(viaApi.p95 / viaSql.p95).toFixed(2)}x`.padStart(13), String(total).padStart(10));
}

timedClient.close();
await client.end();
await pool.end();
await api.stop();
