/// <reference types="vite-plugin-pwa/react" />
import { Trans } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../../../components/ui/button';

/** An app left open for days (installed on the phone) still hears of a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker. A new version installs in the background and waits: "Aggiorna" lets it
 * take over and reloads the page, so nobody needs to clear a cache to get it.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
    // The reload is done below: workbox-window reloads only a page that already had a worker when it
    // was opened, not one that got its first worker during this visit.
    onNeedReload: () => undefined,
  });
  if (!needRefresh) return null;
  const update = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker();
  };
  return (
    <div role="status" className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-lg flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 text-sm shadow-lg ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">
        <Trans>È disponibile una nuova versione del sito.</Trans>
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          <Trans>Più tardi</Trans>
        </Button>
        <Button size="sm" onClick={update}>
          <Trans>Aggiorna</Trans>
        </Button>
      </div>
    </div>
  );
}
