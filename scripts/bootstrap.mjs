// `npm start` and `npm test` on a fresh machine with only Node 20 and npm: installs the pinned pnpm
// and the dependencies (and, for tests, Debian's chromium and its headless shell, docker-compose and postgresql), then runs
// the app or every test.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const mode = process.argv[2];
if (mode !== 'dev' && mode !== 'test') {
  console.error('Uso: node scripts/bootstrap.mjs dev|test');
  process.exit(2);
}

const root = new URL('..', import.meta.url);
const pnpmVersion = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).packageManager.split('@')[1];

function run(command, args, options = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}
const output = (command, args) => spawnSync(command, args, { encoding: 'utf8' }).stdout?.trim();

if (output('pnpm', ['--version']) !== pnpmVersion) {
  console.log(`Installo pnpm ${pnpmVersion}...`);
  runOrExit('npm', ['install', '--global', `pnpm@${pnpmVersion}`]);
}
runOrExit('pnpm', ['install', '--frozen-lockfile']);

if (mode === 'dev') process.exit(run('pnpm', ['run', 'dev']));

// System programs the tests use, from Debian's packages: the browser and its headless shell, docker-compose (validates the
// staging file) and PostgreSQL's server (the backup/restore test on a configured server).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const hasDebianPostgres = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((version) => ['postgres', 'initdb', 'pg_ctl'].every((program) => existsSync(`/usr/lib/postgresql/${version}/bin/${program}`)));
const missing = [
  [existsSync(chromium), 'chromium'],
  [existsSync(headlessShell), 'chromium-headless-shell'],
  [existsSync('/usr/bin/docker-compose'), 'docker-compose'],
  [hasDebianPostgres(), 'postgresql'],
].flatMap(([present, name]) => (present ? [] : [name]));
if (missing.length > 0) {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(`Mancano ${missing.join(', ')}: installali (es. "sudo apt-get install ${missing.join(' ')}")${missing.includes('chromium') ? ' o indica CHROMIUM_PATH' : ''}.`);
    process.exit(1);
  }
  const apt = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  runOrExit('apt-get', ['update', '-qq'], apt);
  runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], apt);
}

// Two lanes at once. The browser suite is the longest task and spends much of its time waiting on
// Chromium, the API and the database, so it starts at once instead of after the rest; beside it turbo
// runs lint, typecheck and the other suites two tasks at a time. Each suite runs two files at a time.
// The prefixed lane's failures are printed again at the very end: its summary would otherwise be buried
// under the other lane's output, and a CI log is often read from its tail.
// A failed test's own lines follow its FAIL header (the error, the call log, the line of the test); the
// app's JSON log lines (expected errors of other tests) are left out so they cannot crowd them out.
const failureLine = /FAIL|✗|×|AssertionError|Error:|Timed out|Test Files|Tests /;
const LINES_AFTER_FAIL = 14;
const lane = (command, args, prefix) =>
  new Promise((resolve) => {
    console.log(`\n> ${command} ${args.join(' ')}`);
    const failures = [];
    let afterFail = 0;
    const child = spawn(command, args, { cwd: root, stdio: prefix ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
    if (prefix)
      for (const stream of [child.stdout, child.stderr])
        createInterface({ input: stream }).on('line', (line) => {
          console.log(`${prefix}${line}`);
          if (line.trimStart().startsWith('{')) return;
          const kept = failureLine.test(line) || afterFail > 0;
          afterFail = /\bFAIL\b/.test(line) ? LINES_AFTER_FAIL : Math.max(0, afterFail - 1);
          if (kept && failures.length < 200) failures.push(`${prefix}${line}`);
        });
    child.on('error', (error) => {
      console.error(error);
      resolve({ status: 1, failures });
    });
    child.on('close', (status) => resolve({ status: status ?? 1, failures }));
  });
const lanes = await Promise.all([
  lane('pnpm', ['--filter', '@beach/e2e', 'run', 'test:browser'], '@beach/e2e:test:browser: '),
  lane('pnpm', ['exec', 'turbo', 'run', 'lint', 'typecheck', 'test', '--concurrency=2', '--output-logs=new-only']),
]);
const browserLane = lanes[0];
console.log(`\n> browser suite: ${browserLane.status === 0 ? 'passed' : `failed (exit ${browserLane.status})`}`);
if (browserLane.status !== 0) for (const line of browserLane.failures) console.log(line);
process.exit(lanes.map(({ status }) => status).find((status) => status !== 0) ?? 0);
