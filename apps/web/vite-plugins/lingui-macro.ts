// Lingui's macros (`<Trans>`, `<Plural>`, `t`, `msg`) compiled at build time. @vitejs/plugin-react 6 has no
// Babel, so the macro's Babel plugin runs through @rolldown/plugin-babel, and only on files that import a
// macro: the rest never meets Babel. In production the macro keeps the message id and drops the Italian,
// which arrives with the language's catalogue. The config is the shared one of packages/i18n: without it
// passed in, the plugin looks for one beside this app and fails ("No Lingui config found").
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

const linguiConfig = getConfig({ configPath: fileURLToPath(new URL('../../../packages/i18n/lingui.config.ts', import.meta.url)) });

export const linguiMacro = () =>
  babel({
    presets: [
      defineRolldownBabelPreset({
        preset: () => ({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }),
        rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
      }),
    ],
  });
