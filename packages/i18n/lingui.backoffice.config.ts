import { defineConfig } from '@lingui/cli';
import { BACKOFFICE, NEVER } from './lingui.config.ts';
import { formatter } from './po-formatter.ts';

// The back-office stays Italian (its users are the centre's staff) but is built the same way: adding a
// language is adding it to `locales` and translating src/locales/backoffice/{locale}.po.
export default defineConfig({
  sourceLocale: 'it',
  locales: ['it'],
  catalogs: [{ path: '<rootDir>/src/locales/backoffice/{locale}', include: BACKOFFICE, exclude: NEVER }],
  compileNamespace: 'ts',
  format: formatter(),
});
