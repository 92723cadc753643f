import { lazy, Suspense, useEffect, useState } from 'react';

// Its own chunk (with workbox-window): not on the first visit's critical path.
const UpdatePrompt = lazy(() => import('./update-prompt'));

/**
 * Registers the service worker once the page has loaded and the browser is idle, so the first visit's
 * paint and hydration never wait on it (nor on the precaching that follows).
 */
export function ServiceWorker() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let idle: number | undefined;
    // Safari has no requestIdleCallback: there the next task after load will do.
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    const start = () => (idle = whenIdle(() => setReady(true)));
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
