// Automatic matches in Chromium: the admin adds a rule for court C2 every day 9–12, switched off, and turns it
// on at /admin/partite-automatiche; a member then finds its empty slots in /partite as matches nobody is in
// yet, joins one as its first player paying their part from credit, and lands on the match. 1280 and 390 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { creditBalance, giveCredit } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
const PLAYER = { firstName: 'Piero', lastName: 'Automatico', email: 'piero.automatico@esempio.it' };

beforeAll(async () => {
  const { db } = ctx.stack;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', openMatchCutoffHours: 6 } });
  const demo = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const user = await db.user.create({ data: { ...PLAYER, passwordHash: demo.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
  await giveCredit(db, user.id, 2000, { reason: 'Prova' });
});

describe('automatic matches, in Chromium', () => {
  it('the admin adds a rule and turns it on', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/partite-automatiche', heading: 'Partite automatiche' });
    await page.getByRole('button', { name: 'Nuova regola' }).click();
    const form = page.getByRole('region', { name: 'Nuova regola' });
    await form.getByLabel('Nome della regola').fill('Mattine C2');
    await form.getByLabel('C2', { exact: true }).check();
    await form.getByLabel('Sab').check();
    await form.getByLabel('Dom').check();
    await form.getByLabel('Alle', { exact: true }).selectOption('12:00');
    await form.getByLabel('Attiva: gli slot liberi sono offerti ai soci').uncheck();
    await screenshot(page, 'automatic-matches-form-1280');
    await form.getByRole('button', { name: 'Salva la regola' }).click();
    const rule = page.getByRole('list', { name: 'Regole' }).getByRole('listitem', { name: 'Mattine C2' });
    await rule.getByText('Spenta').waitFor();
    expect(await rule.textContent()).toMatch(/Lun, Mar, Mer, Gio, Ven, Sab, Dom · 09:00–12:00 · campi C2.*Beach volley 2×2, amichevole/);
    await rule.getByRole('button', { name: 'Accendi' }).click();
    await page.getByText('Regola «Mattine C2» accesa: i suoi slot liberi sono offerti ai soci.').waitFor();
    await rule.getByText('Attiva').waitFor();
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'automatic-matches-admin-1280');
    await screenshotAtPhoneWidth(page, 'automatic-matches-admin');
    await page.close();
  });

  it('a member finds an empty slot in /partite and joins it as its first player, paying from credit', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: PLAYER.email, path: '/partite', heading: 'Partite aperte', width: PHONE.width });
    await page.getByLabel('Giorno').fill(day);
    const slots = page.getByRole('list', { name: 'Partite automatiche' });
    const slot = slots.getByRole('listitem').filter({ hasText: 'Campo C2' }).filter({ hasText: '09:00' });
    await slot.waitFor();
    expect(await slot.textContent()).toMatch(/Beach volley 2×2.*Nessuno ancora · 4 posti.*Amichevole.*Quota 5,00/);
    await screenshot(page, 'automatic-matches-list-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'automatic-matches-list-1280');
    await slot.getByRole('button', { name: 'Entra e paga 5,00 € con il credito' }).click();
    await page.getByRole('heading', { name: 'Beach volley 2×2', level: 1 }).waitFor();
    expect(await page.getByTestId('places-left').textContent()).toBe('3 / 4');
    expect(await creditBalance(ctx.stack.db, (await ctx.stack.db.user.findUniqueOrThrow({ where: { email: PLAYER.email } })).id)).toBe(1500);
    await screenshot(page, 'automatic-matches-joined-1280');
    await screenshotAtPhoneWidth(page, 'automatic-matches-joined');
    await page.close();
  });
});
