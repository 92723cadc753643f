// Web Push in the installable app's service worker (docs/push.md#the-service-worker), loaded by the
// generated Workbox worker (importScripts). A push carries its text, already in the member's language, and
// the page to open; a tap on the notification opens that page of this site in the app's window.
self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'Adriatica Beach Arena';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.kind,
      data: { url: payload.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only this site's pages: the address's path, on this origin.
  const address = new URL(event.notification.data?.url || '/', self.location.origin);
  const target = new URL(address.pathname + address.search + address.hash, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => 'navigate' in client);
      if (open) {
        const shown = await open.navigate(target).catch(() => null);
        if (shown) return shown.focus().catch(() => shown);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
