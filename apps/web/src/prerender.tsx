// Build time only (vite-plugins/prerender-home.ts): the markup of a public page, rendered by React's
// own server renderer through the app's real route table, so index.html shows the home page before
// the script arrives. It is the logged-out view: the session lives in the browser.
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { paths } from './config/paths';

async function renderPage(path: string): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}: it cannot be prerendered`);
  // `prerender` (not renderToString) waits for the lazy sections, so the markup has no pending boundary.
  const { prelude } = await prerender(
    <AppProviders>
      <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
    </AppProviders>,
  );
  return new Response(prelude).text();
}

// Rendered as the module loads: the lazy sections are loaded by the build's module runner, which
// is open only while this module is being imported.
export const homeMarkup = await renderPage(paths.home);
