// Build time only (vite-plugins/prerender-home.ts): the markup of a public page, rendered by React's
// own server renderer through the app's real route table, so index.html shows the home page before
// the script arrives. It is the logged-out view: the session lives in the browser.
import { activateWeb } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { paths } from './config/paths';
import { startingLocale } from './lib/i18n';

async function renderPage(path: string): Promise<string> {
  await activateWeb(i18n, startingLocale(path));
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

// Rendered as the module loads: the lazy sections are loaded by the build's module runner, which
// is open only while this module is being imported.
export const homeMarkup = await renderPage(paths.home);
