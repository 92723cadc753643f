// The docs cannot go stale silently: every address of the app is described in docs/screens.md, and every
// section of docs/domain.md and docs/screens.md is named in docs/README.md's summary.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

// The web app's tests run in apps/web.
const doc = (name: string) => readFileSync(resolve(process.cwd(), '../../docs', name), 'utf8');
const addressesOf = (tree: object): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : addressesOf(value as object)));
const headingsOf = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
const normalised = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();

describe('docs', () => {
  it('describe every address of config/paths.ts in screens.md (parameters written {name})', () => {
    const screens = doc('screens.md');
    const missing = addressesOf(paths)
      .map((path) => path.replace(/:(\w+)/g, '{$1}'))
      .filter((path) => !screens.includes(`\`${path}\``) && !screens.includes(`\`${path}?`));
    expect(missing).toEqual([]);
  });

  it('name every section of domain.md and screens.md in README.md', () => {
    const readme = normalised(doc('README.md'));
    const missing = [...headingsOf(doc('domain.md')), ...headingsOf(doc('screens.md'))].filter((heading) => !readme.includes(normalised(heading)));
    expect(missing).toEqual([]);
  });
});
