// Web Push in Chromium: the installable app's service worker shows a push delivered through the DevTools
// protocol (as a push service would deliver it) in the words it carries, and a tap opens its page. The whole
// Chromium: the headless shell shows no notification.
import { describe, expect, it } from 'vitest';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ wholeChromium: true, serviceWorkers: 'allow', page: true });
const DEMO_USER = 'utente@demo.beach';

describe('a push notification', () => {
  it('is shown by the service worker in the member’s words, and a tap opens its page', async () => {
    const { webUrl } = ctx.stack;
    // The stack's page lets the service worker run (the others block it).
    const { page } = ctx;
    await page.goto(`${webUrl}/login?redirect=${encodeURIComponent('/profilo')}`);
    await page.getByLabel('E-mail').fill(DEMO_USER);
    await page.getByLabel('Password').fill('Demo2026!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByRole('heading', { name: 'Il mio profilo', level: 1 }).waitFor();
    await page.context().grantPermissions(['notifications'], { origin: webUrl });
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });

    const cdp = await page.context().newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${webUrl}/` && !registration.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const payload = { kind: 'tournament_call', title: 'Tocca a voi: campo C3 alle 16:30', body: '«Coppa d’estate»: la vostra partita è sul campo C3 alle 16:30.', url: `${webUrl}/tornei` };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: webUrl, registrationId, data: JSON.stringify(payload) });

    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, url: (notification.data as { url: string }).url })));
    await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, url: payload.url }]);

    // The tap: the worker's own click handler's work, on the notification it shows.
    const [worker] = page.context().serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; openNotificationPage(notification: Notification): Promise<unknown> };
      const [notification] = await scope.registration.getNotifications();
      await scope.openNotificationPage(notification!);
    });
    await page.getByRole('heading', { name: 'Tornei', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tornei');
    await cdp.detach();
  });
});
