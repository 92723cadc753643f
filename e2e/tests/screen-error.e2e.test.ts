// A screen whose code cannot be fetched (offline, or renamed by a deploy): one automatic reload, then a
// message with "Riprova" between the header and the footer; "Riprova" opens the screen once it is back.
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();

describe('a screen that cannot be loaded', () => {
  it('reloads once by itself, then shows the message inside the layout; "Riprova" loads it when it is back', async () => {
    // No service worker (the suite's default): its precache would serve the chunk the test takes away.
    const page = await ctx.browser.newPage({ viewport: DESKTOP });
    const missingChunk = '**/privacy-notice-page*.js';
    await page.route(missingChunk, (route) => route.abort('internetdisconnected'));
    let documents = 0;
    page.on('load', () => (documents += 1));

    await page.goto(`${ctx.stack.webUrl}/informativa-privacy`);
    await page.getByRole('heading', { name: 'Impossibile aprire questa pagina', level: 1 }).waitFor();
    await page.getByText('Controlla la tua connessione e riprova.').waitFor();
    expect(documents).toBe(2); // the first load and the one automatic reload, no loop
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await screenshot(page, 'screen-error-1280', { fullPage: false });
    await screenshotAtPhoneWidth(page, 'screen-error', { fullPage: false });

    await page.unroute(missingChunk);
    await page.getByRole('button', { name: 'Riprova' }).click();
    await page.getByRole('heading', { name: 'Informativa sulla privacy', level: 1 }).waitFor();
    await page.close();
  });
});
