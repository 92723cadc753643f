// Builds the web app once for all browser tests (./global-setup.ts): they run against the production build.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const WEB_ROOT = fileURLToPath(new URL('../../apps/web', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../.web-dist', import.meta.url));

export default async function buildWeb() {
  await build({ root: WEB_ROOT, logLevel: 'warn', build: { outDir: WEB_DIST, emptyOutDir: true } });
}
