// The order the browser test files start in. Vitest starts the files it has timed before longest first, but
// on a clean clone (CI) it has no timings and starts the largest files first: the screen walks, a dozen
// lines each and the longest files of the suite, then started last and ran on alone while the other
// workers had finished. The files measured longest (docs/testing.md#the-browser-suite) start first, the rest as vitest orders them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = [
  'accessibility-back-office',
  'languages-walk-en',
  'accessibility-routes',
  'installable-app',
  'members-languages',
  'languages-walk-de',
  'admin-dashboard-demo',
  'admin-finance',
  'split-payment',
  'screens-layout',
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
