// The public home page's HTML made at build time, in each language: after the client build, React's server
// renderer (src/prerender.tsx, run through Vite's module runner) fills the root of index.html (Italian),
// de/index.html and en/index.html, so the hero paints before the JavaScript arrives and the script hydrates
// it. Each names the other languages' homes (hreflang) for search engines. Every other address is a
// client-rendered screen: it is served spa.html, the empty shell, so it never shows the home page first.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';
import type * as Prerender from '../src/prerender.tsx';
import { HERO_TITLE_ID } from '../src/features/home/hero-title.ts';
import { homeAddressChosen } from '../src/lib/locale-cookie.ts';
import { SECTIONS_SHOWN_WITHOUT_SCRIPT } from '../src/lib/prerendered.ts';
import { contractsData } from './contracts-data.ts';
import { childSpacingRulesOf } from './critical-css.ts';
import { withoutLanguageScript, withoutScriptComments } from './inline-script.ts';
import { linguiMacro } from './lingui-macro.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
/** The shell for every address but the prerendered ones. */
const SHELL_FILE = 'spa.html';
/** Open Graph's name of each language. */
const OG_LOCALE = { it: 'it_IT', de: 'de_DE', en: 'en_GB' } as const;
/**
 * The site's public origin (https://…), when the build knows it: search engines want hreflang addresses
 * whole. Without it they are written from the root (/de/), which browsers and most crawlers resolve.
 */
const SITE = (process.env.VITE_SITE_URL ?? '').replace(/\/$/, '');

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** `html` with the `content` of the meta tag `selector` (name="…" or property="…") set to `value`. */
function withMeta(html: string, selector: string, value: string): string {
  const tag = new RegExp(`(<meta ${selector} content=")[^"]*(")`);
  if (!tag.test(html)) throw new Error(`index.html has no <meta ${selector}>`);
  return html.replace(tag, `$1${escapeAttribute(value)}$2`);
}

/** The /assets/ file of the chunk made from `moduleSuffix` (a language's catalogue part). */
function chunkFile(bundle: Record<string, { type: string; fileName: string; facadeModuleId?: string | null }>, moduleSuffix: string): string {
  const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(moduleSuffix));
  if (!chunk) throw new Error(`the build has no chunk for ${moduleSuffix}`);
  return chunk.fileName;
}

/** The entry's module script and every module preload (the catalogue's too) of a page. */
const MODULE_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * The home page with its module script and preloads moved from the head to the end of the body. They are
 * deferred either way, so hydration starts when it did; but in the head the preload scanner asks for
 * 100 KB of JavaScript while the page itself is still arriving on a slow line, and the parser issues
 * those fetches before it reaches the hero's title, the page's largest paint.
 */
function scriptsAfterMarkup(html: string): string {
  const tags = html.match(MODULE_TAGS) ?? [];
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('the home page has no module script to move');
  return html.replace(MODULE_TAGS, '').replace('</body>', `${tags.join('')}</body>`);
}

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
        plugins: [react(), linguiMacro(), contractsData()],
      });
      const indexFile = join(dir, 'index.html');
      const shell = withoutScriptComments(readFileSync(indexFile, 'utf8'));
      if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
      writeFileSync(join(dir, SHELL_FILE), shell);
      const homes = Object.entries(module.homes) as [keyof typeof OG_LOCALE, Prerender.PrerenderedHome][];
      const alternates = [
        ...homes.map(([locale, home]) => `<link rel="alternate" hreflang="${locale}" href="${SITE}${home.path}">`),
        `<link rel="alternate" hreflang="x-default" href="${SITE}${module.homes.it.path}">`,
      ].join('');
      for (const [locale, { path, markup, head }] of homes) {
        let home = shell.replace(ROOT_ELEMENT, `<div id="root" data-prerendered="${path}">${markup}</div>`);
        // Italian is index.html's own head; the other languages get theirs.
        if (locale !== 'it') {
          home = withoutLanguageScript(home);
          home = home.replace('<html lang="it">', `<html lang="${locale}">`).replace(/<title>[^<]*<\/title>/, `<title>${escapeText(head.title)}</title>`);
          home = withMeta(home, 'name="description"', head.description);
          home = withMeta(home, 'property="og:locale"', OG_LOCALE[locale]);
          home = withMeta(home, 'property="og:title"', head.shareTitle);
          home = withMeta(home, 'property="og:description"', head.shareDescription);
        }
        // The language's first catalogue part is fetched beside the entry, not after it: hydration waits for it.
        const catalogue = chunkFile(bundle, `packages/i18n/src/locales/shell/${locale}.ts`);
        home = home.replace('</head>', `${alternates}<link rel="modulepreload" crossorigin href="${config.base}${catalogue}"></head>`);
        // The rules the home page's markup uses go inline (Beasties), so its first paint waits for no request
        // but the page itself, and parses half the CSS; the whole stylesheet, the other screens' too, loads at
        // the end of the body, where it holds up no paint of what comes before it.
        home = await new Beasties({
          path: dir,
          publicPath: config.base,
          preload: 'body',
          pruneSource: false,
          // Kept: what Beasties cannot match (Tailwind's `:where(.space-y-2 > …)` of the classes the markup uses, `[id]`)
          // and the keyframes Tailwind names only through variables (`animate-spin`). home.e2e.test.ts proves the rest.
          allowRules: [childSpacingRulesOf(markup), '[id]'],
          keyframes: 'all',
          logLevel: 'warn',
        }).process(home);
        if (!/<style>[^<]/.test(home)) throw new Error(`the ${locale} home page got no critical styles inline`);
        home = scriptsAfterMarkup(home);
        // The first paint waits until the hero's title is parsed: otherwise Chrome paints the header alone and
        // the title, the page's largest paint, a frame or more later (render-blocking `expect`, a no-op elsewhere).
        if (!markup.includes(`<h1 id="${HERO_TITLE_ID}"`)) throw new Error(`the ${locale} home page has no h1 #${HERO_TITLE_ID}`);
        home = home.replace('</head>', `<link rel="expect" href="#${HERO_TITLE_ID}" blocking="render">${SECTIONS_SHOWN_WITHOUT_SCRIPT}</head>`);
        const file = join(dir, path, 'index.html');
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, home);
        writeCompressed(file, home);
      }
    },
    // `vite preview` (the browser tests, the benchmarks): its SPA fallback answers with index.html, which is
    // the Italian home page; /de/ and /en/ get their own, any other address the shell. The Italian home's
    // address moves to the German or English one the visitor chose (its cookie), as nginx.conf does.
    configurePreviewServer(server) {
      server.middlewares.use(toChosenHome);
      server.middlewares.use(homeInBrotli(resolve(config.root, config.build.outDir)));
      return () =>
        server.middlewares.use((req, _res, next) => {
          const asked = new URL(req.originalUrl ?? '/', 'http://localhost').pathname;
          const home = /^\/(de|en)\/?$/.exec(asked);
          if (home) req.url = `/${home[1]}/index.html`;
          else if (req.url === '/index.html' && asked !== '/' && asked !== '/index.html') req.url = `/${SHELL_FILE}`;
          next();
        });
    },
    configureServer(server) {
      server.middlewares.use(toChosenHome);
    },
  };
}

/** `/` answered with a redirect to the home page in the language chosen (docs/i18n.md#addresses-and-the-language-of-a-page). */
function toChosenHome(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const asked = new URL(req.url ?? '/', 'http://localhost');
  const chosenHome = asked.pathname === '/' ? homeAddressChosen(req.headers.cookie, asked.search) : null;
  // The answer depends on the cookie: a cache must not give one visitor's to another.
  if (asked.pathname === '/') res.setHeader('Vary', 'Cookie');
  if (!chosenHome) return next();
  res.writeHead(302, { Location: chosenHome, 'Cache-Control': 'no-cache' }).end();
}

/**
 * Each home page also as the build compresses it once, at the highest levels: brotli for the browsers that accept
 * it (all current ones, over HTTPS and on localhost), 1.6 KB less on the wire than gzip at level 6, about 8 ms of the
 * first paint on a slow line (bench/RESULTS.md, "Session 14: LCP"); gzip for the others. nginx.conf sends them
 * as they are; `vite preview` the brotli one (homeInBrotli).
 */
function writeCompressed(file: string, home: string) {
  const bytes = Buffer.from(home);
  const brotliParams = { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: brotliParams }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/** The addresses of the home pages, and each one's file in the build. */
const HOME_ADDRESS = /^\/(?:(de|en)\/?)?$/;

/**
 * `vite preview` answers a home page with its brotli file (writeCompressed) to a browser that accepts brotli, as
 * nginx.conf does; otherwise with the page gzipped as it goes, as before. Either way a cache must keep both.
 */
function homeInBrotli(outDir: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const home = HOME_ADDRESS.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!home) return next();
    // The Italian home's answer depends on the language cookie too (toChosenHome).
    res.setHeader('Vary', home[1] ? 'Accept-Encoding' : 'Accept-Encoding, Cookie');
    const file = join(outDir, home[1] ?? '', 'index.html.br');
    if (!['GET', 'HEAD'].includes(req.method ?? '') || !/\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) || !existsSync(file)) return next();
    const body = readFileSync(file);
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'br', 'Content-Length': body.length, 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
