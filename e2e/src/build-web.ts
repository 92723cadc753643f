// Builds the web app once for all browser tests (./global-setup.ts): they run against the production build.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const WEB_ROOT = fileURLToPath(new URL('../../apps/web', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../.web-dist', import.meta.url));

const VITE = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

/**
 * In a process of its own with NODE_ENV=production: the bundle members get. Under vitest (NODE_ENV=test)
 * Vite would build React's development bundle (StrictMode's double effects, development-only checks and
 * JSX: more CPU in every browser test, and not what runs at the desk). Without source maps, which no test
 * reads: the files served are the production build's byte for byte but their `sourceMappingURL` comment
 * (and the service worker's runtime, named by its hash), and the build spends less CPU
 * (docs/testing.md#session-14-the-walks-and-axe). `pnpm build` still writes them (apps/web/vite.config.ts).
 */
export default async function buildWeb() {
  await promisify(execFile)(process.execPath, [VITE, 'build', '--logLevel', 'warn', '--sourcemap', 'false', '--outDir', WEB_DIST, '--emptyOutDir'], {
    cwd: WEB_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
