import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'apps/api/src/generated/**', 'e2e/.web-dist/**', 'e2e/test-results/**', '.data/**'] },
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
      'no-restricted-imports': ['error', { paths: [{ name: 'lucide-react', message: "Import each icon on its own: import Menu from 'lucide-react/icons/menu'." }] }],
      // The browser's own validation bubbles are in the browser's language: every form checks its fields itself
      // and says what is wrong in Italian under the field.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='noValidate']))", message: 'Add noValidate: the form shows its own Italian messages under the fields.' },
      ],
    },
  },
);
