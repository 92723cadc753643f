// Build time only (vite-plugins/prerender-home.ts): the markup of the home page in each language, rendered
// by React's own server renderer through the app's real route table, so index.html, de/index.html and
// en/index.html show the home page before the script arrives. It is the logged-out view: the session lives
// in the browser.
import { LOCALES, type Locale } from '@beach/i18n';
import { activateWeb } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { paths } from './config/paths';
import { HOME_META } from './features/home/home-meta';
import { pathIn, startingLocale } from './lib/i18n';
import { HOME_TITLE } from './lib/use-page-title';

export interface PrerenderedHome {
  /** The home page's address in the language: /, /de/, /en/. */
  path: string;
  markup: string;
  head: { title: string; description: string; shareTitle: string; shareDescription: string };
}

async function renderPage(path: string): Promise<string> {
  // `prerender` (not renderToString) waits for the lazy sections, and with no chunk size limit it
  // writes every Suspense boundary in place: the page shows whole without JavaScript.
  const { prelude } = await prerender(
    <AppProviders>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

async function renderHome(locale: Locale): Promise<PrerenderedHome> {
  const path = pathIn(locale, paths.home);
  // The deferred sections' part too: their lazy code is loaded once, by the first language's render.
  await activateWeb(i18n, startingLocale(path), ['shell', 'home']);
  const markup = await renderPage(path);
  const head = { title: i18n._(HOME_TITLE), description: i18n._(HOME_META.description), shareTitle: i18n._(HOME_META.shareTitle), shareDescription: i18n._(HOME_META.shareDescription) };
  return { path, markup, head };
}

// Rendered as the module loads, one language after the other (they share the page's I18n): the lazy
// sections are loaded by the build's module runner, which is open only while this module is being imported.
const homes = {} as Record<Locale, PrerenderedHome>;
for (const locale of LOCALES) homes[locale] = await renderHome(locale);
export { homes };
