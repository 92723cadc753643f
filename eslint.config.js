import { existsSync, readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';
import tseslint from 'typescript-eslint';
import noCycle from './scripts/eslint/no-cycle.mjs';

const web = `${import.meta.dirname}/apps/web/src`;
const features = readdirSync(`${web}/features`);
/** A feature's public face: its index.ts, the only file of it another feature may import. */
const publicFaces = features.filter((feature) => existsSync(`${web}/features/${feature}/index.ts`)).map((feature) => `./${feature}/index.ts`);
/** The back-office's features: Italian only, their words outside the catalogue for now (docs/i18n.md#parts). */
const BACKOFFICE_FOLDERS = [
  ...JSON.parse(readFileSync(`${import.meta.dirname}/packages/i18n/backoffice-features.json`, 'utf8')).map((feature) => `features/${feature}`),
  // Shown on back-office screens only.
  'components/association',
];
const api = `${import.meta.dirname}/apps/api/src`;
const modules = readdirSync(`${api}/modules`);
const moduleFaces = modules.map((module) => `./${module}/index.ts`);
/** zod's schema makers and checks, whose last argument may be a message. */
const ZOD_MESSAGE_TAKERS =
  '/^(string|number|boolean|bigint|date|enum|literal|union|xor|array|object|record|tuple|email|url|uuid|datetime|iso|custom|refine|superRefine|check|min|max|length|nonempty|regex|startsWith|endsWith|includes|gt|gte|lt|lte|int|positive|negative|nonnegative|nonpositive|multipleOf|finite|safe)$/';
/** Words with a space between them: a sentence, not a code or a key. */
const SENTENCE = '/[A-Za-zÀ-ÿ’]\\s+[A-Za-zÀ-ÿ]/';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'apps/api/src/generated/**', 'packages/i18n/src/locales/**', 'e2e/.web-dist/**', 'e2e/test-results/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One module per icon: only the icons used are loaded, in development too (the package index imports them all).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'lucide-react', message: "Import each icon on its own: import Menu from 'lucide-react/icons/menu'." },
            // The contracts' `api` holds every resource's schemas: one use and every page loads them all again.
            { name: '@beach/contracts', importNames: ['api'], allowTypeImports: true, message: "Call routes from lib/api-routes (each its method and path): the contracts' api loads every resource's schemas." },
          ],
        },
      ],
      // The browser's own validation bubbles are in the browser's language: every form checks its fields itself
      // and says what is wrong in Italian under the field.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='noValidate']))", message: 'Add noValidate: the form shows its own Italian messages under the fields.' },
      ],
    },
  },
  {
    // The web app's import boundaries (docs/screens.md#features-and-their-public-faces): a feature is built
    // from the shared code (components/, lib/, config/, the contracts) and may use another feature only
    // through that feature's index.ts, its public face, never its insides nor the app shell; app/ (routes,
    // layout, header) composes features. The shared code imports no feature and nothing of app/. Features
    // import one another without a cycle.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local: { rules: { 'no-cycle': noCycle } } },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: web,
          zones: [
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`, ...publicFaces],
              message: "A feature uses another feature only through its index.ts: import it from that feature's folder, or export what is needed there.",
            })),
            { target: './features', from: './app', message: 'A feature imports nothing of the app shell: move what it needs to components/ or lib/.' },
            { target: ['./components', './lib', './config'], from: ['./features', './app'], message: 'Shared code imports no feature and nothing of the app shell.' },
          ],
        },
      ],
      // Every import, type-only and lazy ones too (import-x/no-cycle skips the first and costs far more).
      'local/no-cycle': ['error', { root: web }],
    },
  },
  {
    // A contract writes no sentence: a schema's own message would beat the caller's error map, so every
    // answer would be Italian. A message is a descriptor (an id and its Italian text, `/* i18n */`), given
    // with `z.because(descriptor, values)` and worded by the caller in its language (zod-i18n.ts).
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=${ZOD_MESSAGE_TAKERS}] > Literal[value=${SENTENCE}]`,
          message: 'A contract writes no sentence: z.because(messages.x, values), with the descriptor beside the contract.',
        },
        {
          selector: `CallExpression[callee.property.name=${ZOD_MESSAGE_TAKERS}] > TemplateLiteral`,
          message: 'A contract writes no sentence: z.because(messages.x, { value }), the value as an ICU argument.',
        },
        {
          selector: "ObjectExpression:not(:has(> Property[key.name='id'])) > Property[key.name=/^(message|error)$/] > :matches(Literal, TemplateLiteral)",
          message: 'A contract writes no sentence: ...z.because(messages.x, values) in place of message/error.',
        },
      ],
    },
  },
  {
    // The API's module boundaries: a module is used from outside only through its index.ts (its public
    // face: what other modules and the composition may call); the shared code (lib/) imports no module;
    // and no module depends on itself through others. Tests may reach a module's insides.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/generated/**'],
    plugins: { 'import-x': importX, local: { rules: { 'no-cycle': noCycle } } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: api,
          zones: [
            ...modules.map((module) => ({
              target: `./modules/${module}`,
              from: './modules',
              except: [`./${module}`, ...moduleFaces],
              message: 'A module imports another only through its index.ts: export there what it needs.',
            })),
            { target: './lib', from: './modules', message: 'Shared code (lib/) imports no module: move what both need to lib/.' },
            { target: ['./app.ts', './services.ts', './workers.ts', './server.ts', './worker.ts', './runtime.ts', './testing.ts', './db', './test'], from: './modules', except: moduleFaces, message: 'The composition uses each module through its index.ts.' },
          ],
        },
      ],
      // Every import, `import type` too (import-x/no-cycle skips it and costs far more), so a cycle of types fails too.
      'local/no-cycle': ['error', { root: api }],
    },
  },
  {
    // Small modules: no API source file over 250 lines (tests and their helpers aside).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/generated/**'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    // No user-visible literal outside the catalogue (docs/i18n.md#adding-a-message): a sentence in a component
    // goes through <Trans>, t`…` or msg`…`. Class names, addresses, ids, keys and the like are not words to
    // translate. Every screen but the back-office's.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**', ...BACKOFFICE_FOLDERS.map((folder) => `apps/web/src/${folder}/**`)],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // One lowercase token (an id, a key), a constant, an address, class lists (tokens with - or :), the centre's name and brands.
          ignore: ['^(?![A-ZÀ-Ý])\\S+$', '^[A-Z0-9_]+$', '^(https?:|mailto:|tel:|/)', '^(?=.*[-:\\[])[a-z0-9:/\\[\\]().%_#>&=!*-]+( [a-z0-9:/\\[\\]().%_#>&=!*-]+)*$', '^(Adriatica Beach Arena|Instagram|Facebook)$'],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '(className|ClassName|Classes$|classes|^id$|Id$|^key$|^to$|href|src|^type$|^role$|^name$|^mode$|^variant$|^size$|^tone$|^align$|^as$|^d$|viewBox|^fill$|stroke|^path$|^method$|^rel$|^target$|^lang$|^hrefLang$|^dateTime$|^autoComplete$|^inputMode$|^textAnchor$|^fontWeight$|^preserveAspectRatio$|^data-|^aria-(controls|labelledby|describedby|live|current|haspopup|roledescription-none)$)',
              },
            },
          ],
          ignoreFunctions: ['clsx', 'cn', 'console.*', 'navigate', 'useSearchParams', 'new URL', 'Error', 'document.getElementById', 'document.querySelector', 'Intl.*', 'new Intl.*', 'import', 'useMediaQuery', 'window.matchMedia', 'sessionStorage.*', 'localStorage.*'],
          useTsTypes: false,
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-expression-in-message': 'error',
      'lingui/no-single-tag-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
    },
  },
);
