// Staff pick a registered member for a desk booking in Chromium at 390 and 1280 px: the planner's "+",
// "Socio registrato", "Cerca tesserato" lists the homonyms with what tells them apart (e-mail, birth date,
// latest card), and the chosen one books.
import { describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);

describe('staff pick a member for a desk booking', () => {
  it('lists the homonyms told apart and books for the chosen one', async () => {
    const { db } = ctx.stack;
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    const person = (email: string, birth: string) =>
      db.user.create({ data: { firstName: 'Luca', lastName: 'Costamare', email, passwordHash, birthDate: new Date(`${birth}T00:00:00Z`), emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
    const older = await person('luca.costamare.1970@e2e.test', '1970-02-03');
    await person('luca.costamare.2001@e2e.test', '2001-11-12');
    for (const [viewport, time] of [[PHONE, '10:30'], [DESKTOP, '12:00']] as const) {
      const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: `/admin/prenotazioni?data=${day}`, heading: 'Prenotazioni', width: viewport.width });
      try {
        await page.setViewportSize(viewport);
        await page.getByRole('button', { name: `Prenota Campo C1 alle ${time}` }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Socio registrato').check();
        await dialog.getByLabel('Cerca tesserato').fill('Luca Costamare');
        const results = dialog.getByRole('list', { name: 'Risultati della ricerca' });
        await expect.poll(() => results.getByRole('button').count()).toBe(2);
        await results.getByRole('button', { name: /luca\.costamare\.1970@e2e\.test/ }).getByText(/nato\/a il 03\/02\/1970/).waitFor();
        await results.getByRole('button', { name: /luca\.costamare\.2001@e2e\.test/ }).getByText(/nato\/a il 12\/11\/2001/).waitFor();
        expect(await dialog.getByRole('alert').count()).toBe(0);
        await screenshot(page, `desk-member-search-${viewport.width}`, { fullPage: false });
        await results.getByRole('button', { name: /luca\.costamare\.1970@e2e\.test/ }).click();
        await dialog.getByText('luca.costamare.1970@e2e.test').waitFor();
        await dialog.getByLabel('Metodo').selectOption({ label: 'Contanti' });
        await dialog.getByRole('button', { name: 'Prenota', exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
      } finally {
        await page.close();
      }
    }
    expect(await db.booking.count({ where: { userId: older.id } })).toBe(2);
  });
});
