import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';

/**
 * Spec §2: navigation scrolls smoothly to the hash when there is one (waiting for a lazily loaded
 * section to appear), otherwise ScrollRestoration goes to the top or the saved position.
 */
function ScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    let attempts = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(id);
      if (target || ++attempts > 40) window.clearInterval(timer);
      target?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    }, 50);
    return () => window.clearInterval(timer);
  }, [hash, key]);
  return null;
}

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 text-sea-900 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Vai al contenuto
      </a>
      {navigation.state === 'loading' && <div role="progressbar" aria-label="Caricamento pagina" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-amber-400" />}
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration getKey={(location) => (location.hash ? location.key : location.pathname)} />
      <ScrollToHash />
    </div>
  );
}
