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

// Three lanes at once. The browser suite and the API suite are the longest tasks and spend much of their
// time waiting on Chromium, the API and the database, so both start at once instead of when turbo gets to
// them (turbo starts its ready tasks in no order of ours: the API suite once started eighth, after the
// lints); beside them turbo runs lint, typecheck and the other suites two tasks at a time
// (docs/testing.md#the-order-of-the-lanes). The install's postinstall built the catalogues every task
// reads, so turbo runs the named tasks `--only`: building them again would rewrite files the suites are
// reading. The prefixed lanes' failures are printed again at the very end: their summaries would otherwise
// be buried under the other lanes' output, and a CI log is often read from its tail.
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
const turbo = (...args) => lane('pnpm', ['exec', 'turbo', 'run', ...args, '--only', '--concurrency=2', '--output-logs=new-only']);
const [browserLane, apiLane, turboLanes] = await Promise.all([
  lane('pnpm', ['--filter', '@beach/e2e', 'run', 'test:browser'], '@beach/e2e:test:browser: '),
  lane('pnpm', ['--filter', '@beach/api', 'run', 'test'], '@beach/api:test: '),
  // Every package's ESLint in one process (the configuration and its plugins loaded once, not per package;
  // `pnpm lint` lints the same files package by package), the catalogues' checks; the API's typecheck after
  // the other packages' tasks, in the same two slots (docs/testing.md#lint-and-typecheck).
  (async () => [
    await turbo('lint:citations', 'lint:eslint', 'lint:catalogues', 'typecheck', 'test', '--filter=!@beach/api'),
    await turbo('typecheck', '--filter=@beach/api'),
  ])(),
]);
for (const [name, { status, failures }] of [['browser suite', browserLane], ['API suite', apiLane]]) {
  console.log(`\n> ${name}: ${status === 0 ? 'passed' : `failed (exit ${status})`}`);
  if (status !== 0) for (const line of failures) console.log(line);
}
process.exit([browserLane, apiLane, ...turboLanes].map(({ status }) => status).find((status) => status !== 0) ?? 0);
