// More than one API process: two API processes (WORKERS=off) and one worker process on one database,
// behind nginx (Debian's package; installed when missing, as root), compared with one API process:
// the booking race (exactly 1 winner, 0 5xx), a bulk e-mail (each recipient once, at the configured
// rate in total) and the availability load (autocannon from a process of its own).
// Run: pnpm bench:scale-out   (LOAD_SECONDS=10 by default)
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { startStripeDouble } from '@beach/stripe-double';
import { createDb, DEV_DATABASE_APP_PASSWORD, enableAppLogin, freePort, migrate, seed, startEmbeddedPostgres, startMailCatcher } from '@beach/api/testing';
import { book, oneWinner, rushMembers } from './lib/members-rush.js';
import { fillSeasons } from './lib/season-bookings.js';
import { seedCardHolders } from './lib/card-holders.js';

const MEMBERS = 200;
const RECIPIENTS = 500;
const RATE = 50;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const NGINX = '/usr/sbin/nginx';
const apiDir = fileURLToPath(new URL('../apps/api/', import.meta.url));

if (!existsSync(NGINX)) {
  if (process.getuid?.() !== 0) throw new Error('nginx non trovato: installalo con "sudo apt-get install -y nginx".');
  const apt = { stdio: 'inherit' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  spawnSync('apt-get', ['update', '-qq'], apt);
  if (spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], apt).status !== 0) throw new Error('apt-get install nginx non riuscito');
}

const work = mkdtempSync(join(tmpdir(), 'beach-scale-out-'));
const database = await startEmbeddedPostgres({ dataDir: mkdtempSync(join(tmpdir(), 'beach-scale-out-pg-')), port: await freePort(), database: 'beach_scale', persistent: false });
await migrate(database.url);
await enableAppLogin(database.url, DEV_DATABASE_APP_PASSWORD);
const seedDb = createDb(database.url);
await seed(seedDb, { nodeEnv: 'test', log: () => {} });
await seedDb.$disconnect();
const webhookSecret = 'whsec_bench_double';
const stripe = await startStripeDouble({ webhookSecret, autoDeliver: false });
const mail = await startMailCatcher();
const arrivals: number[] = [];
const keep = mail.messages.push.bind(mail.messages);
mail.messages.push = (...items) => {
  for (let i = 0; i < items.length; i++) arrivals.push(performance.now());
  return keep(...items);
};

const environment = {
  PATH: process.env.PATH,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.url,
  TRUST_PROXY: '1',
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: stripe.url,
  SMTP_URL: mail.url,
  MAIL_RATE_PER_SECOND: String(RATE),
  MAIL_BATCH_SIZE: '50',
  STORAGE_DIR: join(work, 'storage'),
};
const children: ChildProcess[] = [];
async function startProcess(entry: 'server.ts' | 'worker.ts', env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(apiDir, 'src', entry)], { cwd: apiDir, env: { ...environment, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((response) => response.ok, () => false);
    if (ready) return;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${entry} sulla porta ${port} non pronto`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const [apiPorts, workerPort, proxyPort] = [[await freePort(), await freePort()], await freePort(), await freePort()];
for (const port of apiPorts) await startProcess('server.ts', { PORT: String(port), WORKERS: 'off' }, port);
await startProcess('worker.ts', { WORKER_PORT: String(workerPort) }, workerPort);

// nginx with its configuration, temporary files and pid in a folder of this run.
const nginxDir = join(work, 'nginx');
mkdirSync(nginxDir);
chmodSync(work, 0o755);
chmodSync(nginxDir, 0o777); // its worker processes run as an unprivileged user
writeFileSync(
  join(nginxDir, 'nginx.conf'),
  `worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  upstream api {
${apiPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location /api/ {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`,
);
const nginx = spawn(NGINX, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
children.push(nginx);
const proxied = `http://127.0.0.1:${proxyPort}`;
const single = `http://127.0.0.1:${apiPorts[0]}`;
while (!(await fetch(`${proxied}/api/ready`).then((response) => response.ok, () => false))) await new Promise((resolve) => setTimeout(resolve, 100));

async function stopAll() {
  for (const child of children.reverse()) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await mail.close();
  await stripe.close();
  await database.stop();
  rmSync(work, { recursive: true, force: true });
}

const figures: string[] = [];
let failed = false;

// The booking race: 200 members against one process, 200 others against both through nginx (a member
// already holding a slot would be refused for that, not for the race).
const { court, tokens } = await rushMembers({ url: proxied, databaseUrl: database.url }, 2 * MEMBERS);
const dayAfter = (days: number) => new Date(Date.parse(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()) + 'T12:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
for (const [label, url, members] of [['1 processo', single, tokens.slice(0, MEMBERS)], ['2 processi + nginx', proxied, tokens.slice(MEMBERS)]] as const) {
  const started = performance.now();
  const answers = await Promise.all(members.map((token) => book(url, token, { court_id: court, date: dayAfter(1), start: label === '1 processo' ? '15:00' : '18:00', slots: 1 })));
  const race = oneWinner(answers);
  failed ||= !race.ok;
  figures.push(`gara prenotazione, ${label}: successi ${race.successes}  409 ${race.conflicts}  5xx ${race.serverErrors}  altro ${race.other} in ${((performance.now() - started) / 1000).toFixed(2)} s ${race.ok ? 'OK' : 'ATTESO 1 / 199 / 0'}`);
}

// The bulk e-mail, asked through nginx and sent by the worker: each recipient once, at the configured rate.
await seedCardHolders(database.url, RECIPIENTS);
const login = await fetch(`${proxied}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.beach', password: 'Demo2026!' }) });
const adminHeaders = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`, 'Content-Type': 'application/json' };
const before = mail.messages.length;
const started = performance.now();
const created = await fetch(`${proxied}/api/admin/broadcast-email`, { method: 'POST', headers: adminHeaders, body: JSON.stringify({ recipient_type: 'all', subject: 'Prova scale-out', message: 'Messaggio di prova del benchmark.' }) });
const { id, total } = (await created.json()) as { id: number; total: number };
let status = '';
while (status !== 'completed') {
  await new Promise((resolve) => setTimeout(resolve, 250));
  status = ((await (await fetch(`${proxied}/api/admin/broadcast-email/${id}`, { headers: adminHeaders })).json()) as { status: string }).status;
}
const elapsed = (performance.now() - started) / 1000;
while (mail.messages.length - before < total) await new Promise((resolve) => setTimeout(resolve, 50));
const received = mail.messages.slice(before).flatMap((message) => [message.to].flat().flatMap((address) => address?.value.map((entry) => entry.address ?? '') ?? []));
const distinct = new Set(received).size;
const times = arrivals.slice(before);
const rate = (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
// Several processes must never add up to more than the provider's rate (on a busy machine it may be less).
const mailOk = received.length === total && distinct === total && rate <= RATE * 1.05;
failed ||= !mailOk;
figures.push(`e-mail di massa (worker, richiesta via nginx): destinatari ${total}, ricevute ${received.length}, distinte ${distinct}, ritmo ${rate.toFixed(2)}/s (configurato ${RATE}/s), ${elapsed.toFixed(1)} s ${mailOk ? 'OK' : 'ATTESO: ognuno una volta, ritmo non oltre il configurato (+5 %)'}`);

// The availability load: the same autocannon against one process, then against both behind nginx.
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
await fillSeasons(pool, new Date().getUTCFullYear());
await pool.end();
const userLogin = await fetch(`${proxied}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'utente@demo.beach', password: 'Demo2026!' }) });
const bearer = `Bearer ${((await userLogin.json()) as { access_token: string }).access_token}`;
const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
for (const [label, url] of [['1 processo', single], ['2 processi + nginx', proxied]] as const) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [autocannon, '--json', '--connections', '50', '--duration', String(LOAD_SECONDS), '--headers', `Authorization=${bearer}`, `${url}/api/bookings/availability?date=${new Date().getUTCFullYear()}-07-15`],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const load = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; timeouts: number; non2xx: number };
  failed ||= load.errors + load.timeouts + load.non2xx > 0;
  figures.push(`disponibilità, ${label}: ${load.requests.average} richieste/s  p50 ${load.latency.p50} ms  p99 ${load.latency.p99} ms  errori ${load.errors}  timeout ${load.timeouts}  non 2xx ${load.non2xx}`);
}

console.log(`\nScale-out (${LOAD_SECONDS} s di carico; nginx davanti a 2 processi API, 1 worker, 1 database):`);
for (const line of figures) console.log(`  ${line}`);
await stopAll();
if (failed) process.exitCode = 1;
