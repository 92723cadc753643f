/* global self */
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

/**
 * Opens a notification's page: the address's path on this origin only, in a window of the app already open
 * (moved there), or a new one. A tap runs it; the browser test calls it the same way.
 */
self.openNotificationPage = async (notification) => {
  const address = new URL(notification.data?.url || '/', self.location.origin);
  const target = new URL(address.pathname + address.search + address.hash, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) {
    const moved = await client.navigate(target).catch(() => null);
    if (moved) return moved.focus().catch(() => moved);
  }
  return self.clients.openWindow(target);
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.openNotificationPage(event.notification));
});
