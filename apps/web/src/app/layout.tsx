import { Trans } from '@lingui/react/macro';
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import { PageSpinner } from '../components/ui/spinner';
import { ServiceWorker } from '../features/pwa/components/service-worker';
import { languageOfAddress, switchLocale } from '../lib/i18n';
import { ScreenErrorBoundary } from './screen-error';

/** Where each page was left, to return there (by path: a page keeps its place whatever link leads to it). */
const savedScroll = new Map<string, number>();

/**
 * Navigation scrolls smoothly to the hash when there is one (waiting for a lazily loaded
 * section to appear), otherwise to the top or the saved position. The first render keeps the
 * browser's own position: the prerendered page may have been scrolled before it was hydrated.
 */
function ScrollOnNavigation() {
  const { hash, key, pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    if (hash) return;
    if (!firstRender.current) window.scrollTo(0, savedScroll.get(pathname) ?? 0);
    firstRender.current = false;
    const save = () => savedScroll.set(pathname, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [hash, pathname]);
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const scrolledTo = () => {
      const target = document.getElementById(id);
      target?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
      return target !== null;
    };
    if (scrolledTo()) return;
    // The target often comes with the screen's data: looked for again at each change of the page, however
    // long a slow phone takes, until it is there or the address changes.
    const observer = new MutationObserver(() => {
      if (scrolledTo()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [hash, key]);
  return null;
}

export function RootLayout() {
  const { pathname, search, hash, state } = useLocation();
  const { locale, redirect } = languageOfAddress(pathname);
  // The page follows its address's language: its catalogue parts in use are loaded, then it switches.
  useEffect(() => {
    if (!redirect) void switchLocale(locale);
  }, [locale, redirect]);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 text-sea-900 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        <Trans>Vai al contenuto</Trans>
      </a>
      <Header />
      <main id="main" className="flex-1">
        {/* A screen whose code is still on its way, or could not be loaded. */}
        <ScreenErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            {/* An address without prefix in a German or English visit: its screen is shown at the German or English one
                (the move keeps its state: a logout's marks the arrival on the login page). */}
            {redirect ? <Navigate to={redirect + search + hash} state={state} replace /> : <Outlet />}
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <Footer />
      <ScrollOnNavigation />
      <ServiceWorker />
    </div>
  );
}
