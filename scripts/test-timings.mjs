// `pnpm test:timings`: the slowest test files of each suite in its last run, from the reports the suites
// leave in .test-timings/ (scripts/test-timings-reporter.mjs). Runs no test (docs/testing.md#test-timings).
import { existsSync, readFileSync } from 'node:fs';

const SUITES = ['api', 'web', 'e2e'];
const SHOWN = 15;
const reportsDir = new URL('../.test-timings/', import.meta.url);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

let found = 0;
for (const suite of SUITES) {
  const path = new URL(`${suite}.json`, reportsDir);
  if (!existsSync(path)) {
    console.log(`\n${suite}: no report yet (run the suite: pnpm --filter ${suite === 'e2e' ? '@beach/e2e run test:browser' : `@beach/${suite} test`})`);
    continue;
  }
  found += 1;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  // A file deleted or renamed since its last run is no longer the suite's.
  const files = report.files.filter((file) => existsSync(new URL(`../${report.root}/${file.file}`, import.meta.url))).sort((a, b) => b.wallMs - a.wallMs);
  const total = (key) => files.reduce((sum, file) => sum + file[key], 0);
  const { lastRun } = report;
  console.log(`\n${suite}: ${files.length} files; the last run: ${lastRun.files} files in ${seconds(lastRun.wallMs).trim()}, finished ${lastRun.finishedAt}`);
  console.log(`  summed over files: import ${seconds(total('importMs')).trim()}, set-up ${seconds(total('setupMs')).trim()}, tests ${seconds(total('runMs')).trim()}`);
  console.log(`  ${'wall'.padStart(8)}${'import'.padStart(8)}${'tests'.padStart(8)}  file`);
  for (const file of files.slice(0, SHOWN)) {
    const failed = file.state === 'failed' ? '  (failed)' : '';
    console.log(`  ${seconds(file.wallMs)}${seconds(file.importMs)}${seconds(file.runMs)}  ${file.file} (${file.tests} tests)${failed}`);
  }
}
if (found === 0) process.exitCode = 1;
