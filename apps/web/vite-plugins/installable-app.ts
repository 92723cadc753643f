// The installable app: web app manifest and a Workbox service worker generated at build time. The
// worker precaches the build (so the shell and the screens open without signal) and is registered by
// the page itself once it has loaded (src/features/pwa), never on the home page's critical path.
import type { VitePWAOptions } from 'vite-plugin-pwa';
// By file: Vite's config loader leaves workspace packages to Node, which does not load their TypeScript.
import { CENTRE_NAME } from '../../../packages/contracts/src/centre.ts';
import { paths } from '../src/config/paths.ts';

/** The site's sea blue (index.html's theme-color): the installed app's title bar. */
const THEME_COLOUR = '#0e7490';
/** The page background (sand-50), shown by the splash screen while the app starts. */
const BACKGROUND_COLOUR = '#fefbf3';
const ICON_192 = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };

const OPTIONS: Partial<VitePWAOptions> = {
  // A new version waits until the member presses "Aggiorna", so a screen is never swapped mid-form.
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: paths.home,
    name: CENTRE_NAME,
    short_name: 'Adriatica',
    description: 'Tessere, prenotazione dei campi e la tua tessera con il QR code, anche senza connessione.',
    lang: 'it',
    dir: 'ltr',
    start_url: paths.home,
    scope: paths.home,
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { ...ICON_192, purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [{ name: 'La mia tessera', url: paths.membership, icons: [ICON_192] }],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg}'],
    // The admin dashboard's chart library (about 100 KB gzipped) is fetched when an admin opens the
    // dashboard, not precached on every member's phone.
    globIgnores: ['**/finance-chart-*.js'],
    // index.html is the prerendered home page (precached, it answers "/"); every other address of
    // the app gets the empty shell, as the server does. The API is never answered by the worker.
    navigateFallback: 'spa.html',
    navigateFallbackDenylist: [/^\/api\//],
    // The first worker takes the open page at once: the card just shown opens offline without a reload.
    clientsClaim: true,
    // Web Push: showing a notification and opening its page on a tap (public/push-sw.js, docs/push.md).
    importScripts: ['/push-sw.js'],
  },
};

export function installableApp() {
  return withoutGlobalDirname(async () => (await import('vite-plugin-pwa')).VitePWA(OPTIONS));
}

/**
 * vite-plugin-pwa takes a global `__dirname`, when there is one, for its own folder (it reads its
 * package.json and client code from there). Prisma's generated client sets that global to its own
 * folder, and the browser tests and benchmarks build and serve the web app in the process that runs
 * the API: the plugin is loaded and created without the global (Prisma's runtime only writes it).
 */
async function withoutGlobalDirname<T>(load: () => Promise<T>): Promise<T> {
  const name = '__dirname';
  const saved = Object.getOwnPropertyDescriptor(globalThis, name);
  Reflect.deleteProperty(globalThis, name);
  try {
    return await load();
  } finally {
    if (saved) Object.defineProperty(globalThis, name, saved);
  }
}
