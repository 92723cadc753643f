// The public home page's HTML made at build time: after the client build, React's server renderer
// (src/prerender.tsx, run through Vite's module runner) fills index.html's root, so the hero paints
// before the JavaScript arrives and the script hydrates it. Every other address is a client-rendered
// screen: it is served spa.html, the empty shell, so it never shows the home page first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';
import type * as Prerender from '../src/prerender.tsx';
import { paths } from '../src/config/paths.ts';
import { HERO_TITLE_ID } from '../src/features/home/hero-title.ts';
import { contractsData } from './contracts-data.ts';

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
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      const { module } = await runnerImport<typeof Prerender>('/src/prerender.tsx', {
        root: config.root,
        mode: config.mode,
        logLevel: 'error',
        plugins: [react(), contractsData()],
      });
      const indexFile = join(dir, 'index.html');
      const shell = readFileSync(indexFile, 'utf8');
      if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
      writeFileSync(join(dir, SHELL_FILE), shell);
      let home = shell.replace(ROOT_ELEMENT, `<div id="root" data-prerendered="${paths.home}">${module.homeMarkup}</div>`);
      // The home page's styles inline: its first paint waits for no request but the page itself.
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      for (const file of entry?.type === 'chunk' ? (entry.viteMetadata?.importedCss ?? []) : []) {
        const link = `<link rel="stylesheet" crossorigin href="${config.base}${file}">`;
        if (!home.includes(link)) throw new Error(`index.html does not link ${file} as expected`);
        home = home.replace(link, () => `<style>${readFileSync(join(dir, file), 'utf8')}</style>`);
      }
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
