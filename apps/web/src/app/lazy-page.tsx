// A lazily loaded screen of the route table: its code and its parts of the catalogue fetched together.
import { I18nProvider } from '@lingui/react';
import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { backOfficeI18n, loadPartsInUse, SCREEN_PARTS, startBackOffice } from '../lib/i18n';

type PageModule = { default: ComponentType };

/** A public or member screen, inside the data (TanStack Query) provider, in the page's language. */
export function page(load: () => Promise<PageModule>): Pick<RouteObject, 'element'> {
  const Page = lazy(async () => {
    const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('../lib/query'), loadPartsInUse(SCREEN_PARTS)]);
    return { default: () => <QueryProvider><Screen /></QueryProvider> };
  });
  return { element: <Page /> };
}

/** A back-office screen: in Italian whatever the page's language, with an Italian catalogue instance of its own. */
export function backOfficePage(load: () => Promise<PageModule>): Pick<RouteObject, 'element'> {
  const Page = lazy(async () => {
    const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('../lib/query'), startBackOffice()]);
    return {
      default: () => (
        <I18nProvider i18n={backOfficeI18n}>
          {/* `contents`: the wrapper only says the language, it draws no box. */}
          <div lang="it" className="contents">
            <QueryProvider><Screen /></QueryProvider>
          </div>
        </I18nProvider>
      ),
    };
  });
  return { element: <Page /> };
}
