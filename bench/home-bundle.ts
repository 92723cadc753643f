// Prints the JavaScript the home page needs on first load (production build, gzip), split into the
// critical path (the entry, which includes the home page, and its static imports: what hydrates the
// prerendered page, plus the page's language's `shell` catalogue, which the entry waits for before it
// hydrates) and what the page loads right after (the data sections: price list and court map).
// Budget (issue #20): 100 KB gzipped on the critical path, in every language.  Run: pnpm bench:bundle
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_ROOT } from '@beach/e2e/build-web';
import { LOCALES } from '@beach/i18n';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const outDir = mkdtempSync(join(tmpdir(), 'beach-bundle-'));
await build({ root: WEB_ROOT, logLevel: 'warn', build: { outDir, manifest: true } });
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const gzipKb = (file: string) => gzipSync(readFileSync(join(outDir, file))).length / 1024;
/** A chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) closure(dependency, seen);
  return seen;
}
const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + gzipKb(manifest[key]!.file), 0);

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const dataSections = 'src/features/home/components/home-data-sections.tsx';
// The home page is part of the entry chunk (src/app/routes.tsx).
const critical = closure(entry);
const deferred = new Set([...closure(dataSections)].filter((key) => !critical.has(key)));
const admin = Object.keys(manifest).filter((key) => key.includes('coming-soon') || key.includes('/admin/'));

const rows = [...critical].map((key) => [manifest[key]!.file, gzipKb(manifest[key]!.file)] as const).sort((a, b) => b[1] - a[1]);
console.log('Home page, critical-path JavaScript (gzip):');
for (const [file, kb] of rows) console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${file}`);
console.log(`  ${sum(critical).toFixed(1).padStart(7)} KB  entry and its imports, without a catalogue`);
const BUDGET_KB = 100;
const overBudget: string[] = [];
for (const locale of LOCALES) {
  const catalogue = Object.keys(manifest).find((key) => key.endsWith(`packages/i18n/src/locales/shell/${locale}.ts`));
  if (!catalogue) throw new Error(`No ${locale} shell catalogue chunk in the build`);
  const own = [...closure(catalogue)].filter((key) => !critical.has(key));
  const total = sum(critical) + sum(own);
  if (total > BUDGET_KB) overBudget.push(`${locale} ${total.toFixed(1)} KB`);
  console.log(`  ${total.toFixed(1).padStart(7)} KB  total before first paint in ${locale} (its catalogue ${sum(own).toFixed(1)} KB)`);
}
console.log(`  ${sum(deferred).toFixed(1).padStart(7)} KB  loaded right after (prices and map: ${[...deferred].map((key) => manifest[key]!.file).join(', ')})`);
console.log(`  ${(sum(critical) + sum(deferred)).toFixed(1).padStart(7)} KB  total JavaScript of the home page`);
console.log(`Back-office chunks loaded by the home page: ${admin.filter((key) => critical.has(key) || deferred.has(key)).length} of ${admin.length}`);
if (overBudget.length) {
  console.error(`Over the ${BUDGET_KB} KB budget: ${overBudget.join(', ')}`);
  process.exitCode = 1;
}
