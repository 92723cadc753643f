// The public home page's HTML made at build time: after the client build, React's server renderer
// (src/prerender.tsx, run through Vite's module runner) fills index.html's root, so the hero paints
// before the JavaScript arrives and the script hydrates it. Every other address is a client-rendered
// screen: it is served spa.html, the empty shell, so it never shows the home page first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';
import type * as Prerender from '../src/prerender.tsx';
import { paths } from '../src/config/paths.ts';
import { HERO_TITLE_ID } from '../src/features/home/hero-title.ts';
import { contractsData } from './contracts-data.ts';
import { linguiMacro } from './lingui-macro.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
/** The shell for every address but the prerendered one. */
const SHELL_FILE = 'spa.html';

export function prerenderHome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'beach:prerender-home',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle({ dir }) {
      if (!dir) return;
      const { module } = await runnerImport<typeof Prerender>('/src/prerender.tsx', {
        root: config.root,
        mode: config.mode,
        logLevel: 'error',
        plugins: [react(), linguiMacro(), contractsData()],
      });
      const indexFile = join(dir, 'index.html');
      const shell = readFileSync(indexFile, 'utf8');
      if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
      writeFileSync(join(dir, SHELL_FILE), shell);
      let home = shell.replace(ROOT_ELEMENT, `<div id="root" data-prerendered="${paths.home}">${module.homeMarkup}</div>`);
      // The rules the home page's markup uses go inline (Beasties), so its first paint waits for no request
      // but the page itself, and parses half the CSS; the whole stylesheet, the other screens' too, loads at
      // the end of the body, where it holds up no paint of what comes before it.
      home = await new Beasties({
        path: dir,
        publicPath: config.base,
        preload: 'body',
        pruneSource: false,
        // Kept whatever the markup: what Beasties cannot match (Tailwind's `:where(.space-y-2 > …)`, `[id]`) and
        // the keyframes Tailwind names only through variables (`animate-spin`). home.e2e.test.ts proves the rest.
        allowRules: [/^:where\(/, '[id]'],
        keyframes: 'all',
        logLevel: 'warn',
      }).process(home);
      if (!/<style>[^<]/.test(home)) throw new Error('the home page got no critical styles inline');
      // The first paint waits until the hero's title is parsed: otherwise Chrome paints the header alone and
      // the title, the page's largest paint, a frame or more later (render-blocking `expect`, a no-op elsewhere).
      if (!module.homeMarkup.includes(`<h1 id="${HERO_TITLE_ID}"`)) throw new Error(`the home page has no h1 #${HERO_TITLE_ID}`);
      home = home.replace('</head>', `<link rel="expect" href="#${HERO_TITLE_ID}" blocking="render"></head>`);
      writeFileSync(indexFile, home);
    },
    // `vite preview` (the browser tests, the benchmarks): its SPA fallback answers with index.html,
    // which is the home page; another address gets the shell instead.
    configurePreviewServer(server) {
      return () =>
        server.middlewares.use((req, _res, next) => {
          const asked = new URL(req.originalUrl ?? '/', 'http://localhost').pathname;
          if (req.url === '/index.html' && asked !== paths.home && asked !== '/index.html') req.url = `/${SHELL_FILE}`;
          next();
        });
    },
  };
}
