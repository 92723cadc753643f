// The order the API test files start in. Vitest starts the files it has timed before longest first, but on a
// clean clone (CI, `npm test`) it has no timings and starts the largest files first: a long file started
// last runs on alone after the other worker has finished (docs/testing.md#the-order-of-the-files).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A sequencer that starts the files whose paths end with `longest` first, in that order, then the rest as vitest orders them. */
export function longestFirst(longest: readonly string[]) {
  const rankOf = (file: TestSpecification) => {
    const index = longest.findIndex((path) => file.moduleId.endsWith(`/${path}`));
    return index === -1 ? longest.length : index;
  };
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]) {
      const ordered = await super.sort(files);
      return ordered.map((file, index) => ({ file, index })).sort((a, b) => rankOf(a.file) - rankOf(b.file) || a.index - b.index).map(({ file }) => file);
    }
  };
}
