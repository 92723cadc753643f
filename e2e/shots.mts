import { launchBrowser, openSignedIn, PHONE } from './src/browser.ts';
const web = 'http://localhost:5173';
const browser = await launchBrowser();
const shot = async (email: string, path: string, heading: string, name: string, act?: (p: any) => Promise<void>) => {
  for (const width of [1280, 390]) {
    const page = await openSignedIn(browser, web, { email, path, heading, width });
    if (width === 390) await page.setViewportSize(PHONE);
    try { if (act) await act(page); } catch (e) { console.log(name, width, 'act failed', String(e).slice(0, 200)); }
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: false });
    console.log(name, width, 'sideways', await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
    await page.close();
  }
};
await shot('admin@demo.beach', '/admin/corsi', 'Corsi', 'courses');
await shot('admin@demo.beach', '/admin/scuola/report', 'Report della scuola', 'report');
await shot('utente@demo.beach', '/lezioni-private', 'Lezioni private', 'lessons');
await shot('allenatore1@demo.beach', '/allenatore', 'Le mie lezioni', 'coach');
await browser.close();
