// The order the browser test files start in. Vitest starts the files it has timed before longest first, but
// on a clean clone (CI) it has no timings and starts the largest files first: the screen walks, a dozen
// lines each and the longest files of the suite, then started last and ran on alone while the other
// workers had finished. The files measured longest (their tests' time in the last CI run, `pnpm test:timings`;
// docs/testing.md#the-browser-suite) start first, the rest as vitest orders them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = [
  'open-matches-journey',
  'accessibility-back-office',
  'languages-walk-de',
  'languages-walk-en',
  'split-payment',
  'admin-finance',
  'members-languages',
  'screens-layout',
  'school-camps',
  'admin-dashboard-demo',
  'installable-app',
  'accessibility-routes',
  'open-matches',
  'admin-users',
  'desk-money',
];

const rankOf = (file: TestSpecification) => {
  const index = LONGEST.findIndex((name) => file.moduleId.endsWith(`/${name}.e2e.test.ts`));
  return index === -1 ? LONGEST.length : index;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const ordered = await super.sort(files);
    return ordered.map((file, index) => ({ file, index })).sort((a, b) => rankOf(a.file) - rankOf(b.file) || a.index - b.index).map(({ file }) => file);
  }
}
