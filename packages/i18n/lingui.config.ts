import { readFileSync } from 'node:fs';
import { defineConfig } from '@lingui/cli';
import { formatter } from './po-formatter.ts';

// One catalogue system for the whole product (web, API errors, e-mails, PDFs, zod contracts): Italian is
// the source language, written in the code; German and English are written in the .po files, once per
// message. It is cut into parts only so that a page downloads what it shows: the home page gets `shell`.
// Each source file belongs to exactly one part (docs/i18n.md#parts).
const web = '<rootDir>/../../apps/web/src';
/**
 * Screens only the centre's staff open (backoffice-features.json, read by the lint too): Italian only, in
 * lingui.backoffice.config.ts. Only features that no public or member screen renders; a component shared
 * with a member screen (components/admin, carnets, credit) stays in `member`, or a German page would show its id.
 */
export const BACKOFFICE = (JSON.parse(readFileSync(new URL('./backoffice-features.json', import.meta.url), 'utf8')) as string[]).map((feature) => `${web}/features/${feature}/**`);
/** What the first paint needs: the layout, header, footer, shared UI pieces and the top of the home page. */
const SHELL = [`${web}/app`, `${web}/components/ui`, `${web}/lib`, `${web}/config`, `${web}/features/home`, `${web}/features/pwa`];
/**
 * The home page's sections loaded after its first paint (prices, school, court map), and the price and court labels
 * they share with member screens: kept out of the first paint's `shell`, whose every byte counts.
 */
const HOME_DATA = ['pricing-tables', 'courts-map', 'court-plan', 'school-teaser', 'home-data-sections'].map((file) => `${web}/features/home/components/${file}.tsx`);
/**
 * …what only the build reads: the home page's description for each language's prerendered page; and the
 * "not found" screen, a lazy screen (its parts come with it).
 */
const HOME = [...HOME_DATA, `${web}/lib/display-labels.ts`, `${web}/features/home/home-meta.ts`, `${web}/app/not-found-page.tsx`];
/** Never messages: tests, generated code. Absolute: Lingui matches a relative exclusion from this folder only. */
export const NEVER = ['**/node_modules/**', '**/*.test.*', '**/*.e2e.*', '**/test/**', '**/generated/**'].map((pattern) => `<rootDir>/../../${pattern}`);

export default defineConfig({
  sourceLocale: 'it',
  locales: ['it', 'de', 'en'],
  // No `fallbackLocales`: with { default: 'it' } every untranslated message would count as translated
  // and `lingui compile --strict` would pass. Without --strict, compile still fills a gap with the Italian.
  catalogs: [
    { path: '<rootDir>/src/locales/shell/{locale}', include: SHELL, exclude: [...NEVER, ...HOME] },
    { path: '<rootDir>/src/locales/home/{locale}', include: HOME, exclude: NEVER },
    // Every other public and member screen and the components they share: loaded with the first such screen.
    {
      path: '<rootDir>/src/locales/member/{locale}',
      include: [`${web}/features`, `${web}/components`],
      exclude: [...NEVER, ...SHELL.map((folder) => `${folder}/**`), ...BACKOFFICE],
    },
    // The contracts' field and error messages: the API, and the web's forms (client-side zod).
    { path: '<rootDir>/src/locales/contracts/{locale}', include: ['<rootDir>/../contracts/src'], exclude: NEVER },
    // The API's own words: errors, e-mails, calendar files, PDFs. Never downloaded by the web.
    { path: '<rootDir>/src/locales/server/{locale}', include: ['<rootDir>/../../apps/api/src'], exclude: NEVER },
  ],
  compileNamespace: 'ts',
  format: formatter(),
});
