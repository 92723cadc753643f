import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractsData } from './vite-plugins/contracts-data.ts';
import { installableApp } from './vite-plugins/installable-app.ts';
import { linguiCatalogues, linguiMacro } from './vite-plugins/lingui-macro.ts';
import { prerenderHome } from './vite-plugins/prerender-home.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
/** The libraries every page's first paint runs. */
const FIRST_PAINT_LIBRARIES = ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'clsx', '@lingui/core', '@lingui/react'];

/**
 * Helpers the entry shares with lazy screens and catalogues, a few hundred bytes each (the bundler's runtime, Vite's
 * preload helper, the language list): each would be a chunk and a request of its own before the home page's first
 * paint, which issues the requests the preload scanner finds while it parses (docs/screens.md#home-page).
 */
const FIRST_PAINT_HELPERS = /rolldown\/runtime|vite\/preload-helper|packages[\\/]i18n[\\/]src[\\/]index\.ts$/;

export default defineConfig({
  plugins: [react(), linguiMacro(), linguiCatalogues(), tailwindcss(), contractsData(), prerenderHome(), installableApp()],
  // In development and preview the API is reached through this proxy (same origin); a production
  // build for a separate API host sets VITE_API_URL instead.
  server: { port: 5173, proxy: { '/api': apiTarget } },
  preview: { port: 4173, proxy: { '/api': apiTarget } },
  build: {
    sourcemap: true,
    target: 'es2022',
    // A feature's modules only declare (components, hooks, constants; nothing runs at their top level), so
    // a page that takes one hook from a feature's index.ts loads that hook, not every panel the index
    // re-exports (docs/screens.md#features-and-their-public-faces).
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /\/src\/features\//, sideEffects: false }] },
      output: {
        // The libraries of the first paint in one chunk, cached across deploys: left to itself, Rolldown puts each
        // one the entry shares with a lazy screen (Lingui, React, clsx) in a chunk of its own, 1.2 KB more on the home page.
        codeSplitting: {
          groups: [{ name: 'framework', test: (id) => FIRST_PAINT_LIBRARIES.some((name) => id.replaceAll('\\', '/').includes(`/node_modules/${name}/`)) || FIRST_PAINT_HELPERS.test(id) }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // The files of a worker share their loaded modules (React, the app) instead of importing them and
    // building a DOM again each: a third of the CPU. So no test mocks a module, and the setup resets
    // what the app keeps between screens (the session).
    isolate: false,
    // Ceilings, not waits: on a busy machine (the API suite runs alongside) a screen test can take more
    // than vitest's 5 s default, and failing it then would say nothing about the screen (the course and
    // tournament forms' longest tests took 21 and 29 s at load 28).
    testTimeout: 60_000,
    // expect.poll waits for a state, as findBy… does (src/test/setup.ts): its own 1 s default is less than a
    // busy machine's stall.
    expect: { poll: { timeout: 10_000 } },
    // Each file's time also goes to .test-timings/ for `pnpm test:timings` (docs/testing.md#test-timings).
    reporters: ['default', '../../scripts/test-timings-reporter.mjs'],
  },
});
