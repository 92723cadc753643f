// Whether the browser has a connection (navigator.onLine, kept up by its "online" and "offline" events):
// what needs the server says "Sei senza connessione" instead of waiting for it (docs/screens.md#offline).
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Online while prerendered: the home page is built, and hydrated, as online. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
