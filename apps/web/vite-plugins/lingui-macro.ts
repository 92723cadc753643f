// Lingui at build time: the macros (`<Trans>`, `<Plural>`, `t`, `msg`), and the catalogues before a build.
// @vitejs/plugin-react 6 has no Babel, so the macro's Babel plugin runs through @rolldown/plugin-babel, and
// only on files that import a macro: the rest never meets Babel. In production the macro keeps the message
// id and drops the Italian, which arrives with the language's catalogue. The config is the shared one of
// packages/i18n: without it passed in, the plugin looks for one beside this app and fails ("No Lingui config found").
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import type { Plugin } from 'vite';

const I18N_DIR = fileURLToPath(new URL('../../../packages/i18n/', import.meta.url));
const linguiConfig = getConfig({ configPath: `${I18N_DIR}lingui.config.ts` });

export const linguiMacro = () =>
  babel({
    presets: [
      defineRolldownBabelPreset({
        preset: () => ({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }),
        rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
      }),
    ],
  });

/**
 * The .po catalogues compiled again before every build (the app's, the browser tests', the benchmarks', a
 * Docker image installed without scripts), so that no build bundles stale or missing compiled ones.
 */
export const linguiCatalogues = (): Plugin => ({
  name: 'beach:lingui-catalogues',
  apply: 'build',
  buildStart() {
    for (const config of ['lingui.config.ts', 'lingui.backoffice.config.ts']) {
      execFileSync(process.execPath, [`${I18N_DIR}node_modules/@lingui/cli/dist/lingui.js`, 'compile', '--typescript', '--workers', '1', '--config', config], { cwd: I18N_DIR, stdio: 'pipe' });
    }
  },
});

