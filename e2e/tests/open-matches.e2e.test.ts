// Open matches in Chromium: the organiser holds a court, opens it as a competitive beach volley 2×2 on the
// payment page and pays their part (5 € of 20) from credit; the match's link is shared: a second member
// opens it, asks (their level, 5.6, is above the range) and is accepted; a third
// asks and is accepted by both players; a fourth joins the same way and the match is full. Each pays their
// part from credit in one step. Screenshots at 1280 and 390 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, openSignedIn, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { creditBalance, giveCredit } from '../src/ledger.js';
import { routeInApp } from '../src/in-app-navigation.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
const dayButton = new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`);
const PLAYERS = [
  { firstName: 'Marta', lastName: 'Partitadue', email: 'marta.partita@esempio.it' },
  { firstName: 'Nino', lastName: 'Partitatre', email: 'nino.partita@esempio.it' },
  { firstName: 'Olga', lastName: 'Partitaquattro', email: 'olga.partita@esempio.it' },
];
const ORGANISER = 'utente@demo.beach';

beforeAll(async () => {
  const { db } = ctx.stack;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', openMatchCutoffHours: 6 } });
  const organiser = await db.user.findUniqueOrThrow({ where: { email: ORGANISER } });
  await giveCredit(db, organiser.id, 500, { reason: 'Prova' });
  for (const player of PLAYERS) {
    const user = await db.user.create({ data: { ...player, passwordHash: organiser.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
    await giveCredit(db, user.id, 500, { reason: 'Prova' });
    // Above the match's range (2.5–4): each asks for the place (a member with no level answers the questionnaire first).
    await db.memberLevel.create({ data: { userId: user.id, sport: 'beach_volley', mu: 40, sigma: 6 } });
  }
});

const matchPage = (page: Page) => page.getByRole('heading', { name: 'Beach volley 2×2', level: 1 });
const placesLeft = (page: Page) => page.getByTestId('places-left').textContent();

/** A member opens the shared link, asks for the place; each player in accepts; the member joins and pays from credit. */
async function askAndJoin(link: string, player: (typeof PLAYERS)[number], playersIn: string[]) {
  const asker = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: player.email, path: link, heading: 'Beach volley 2×2' });
  await asker.getByRole('button', { name: 'Chiedi il posto' }).click();
  await asker.getByText('Hai chiesto un posto: potrai entrare quando tutti i giocatori avranno accettato.').waitFor();
  for (const email of playersIn) {
    const answering = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email, path: link, heading: 'Beach volley 2×2' });
    const requests = answering.getByRole('region', { name: 'Richieste di posto' });
    await requests.getByRole('button', { name: `Accetta ${player.firstName} ${player.lastName}` }).click();
    await requests.getByRole('button', { name: `Accetta ${player.firstName} ${player.lastName}` }).waitFor({ state: 'detached' });
    await answering.close();
  }
  await asker.reload();
  await asker.getByText('Tutti i giocatori hanno accettato: entra e paga la tua quota.').waitFor();
  return asker;
}

describe('open matches, in Chromium', () => {
  let link: string;

  it('the organiser opens a competitive 2×2 on their hold and pays only their part', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: ORGANISER, path: '/prenotazioni?campo=C3', heading: 'Prenota un campo' });
    await page.getByRole('button', { name: dayButton }).click();
    await page.getByRole('button', { name: /^Campo C3, 10:30–12:00: libero/ }).click();
    await page.getByRole('region', { name: 'Riepilogo' }).getByRole('button', { name: 'Prenota e paga' }).click();
    await page.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
    await page.getByRole('button', { name: 'Apri una partita' }).click();
    const form = page.getByRole('form', { name: 'Apri una partita' });
    await form.getByLabel('Tipo di partita').selectOption('volley_2x2');
    await form.getByLabel('Competitiva, con un livello').check();
    await form.getByLabel('Livello minimo (0–7)').fill('2,5');
    await form.getByLabel('Livello massimo (0–7)').fill('4');
    await form.getByLabel('Nota (facoltativa)').fill('Manca il quarto per giovedì');
    await screenshot(page, 'open-matches-form-1280');
    await screenshotAtPhoneWidth(page, 'open-matches-form');
    await form.getByRole('button', { name: 'Apri la partita' }).click();
    await page.getByText('Partita aperta: ora paga la tua quota di 5,00 € per pubblicarla.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Paga con il credito' }).click();
    await page.getByText('Questa prenotazione è già pagata e confermata.').waitFor();
    expect(await creditBalance(ctx.stack.db, (await ctx.stack.db.user.findUniqueOrThrow({ where: { email: ORGANISER } })).id)).toBe(0);

    // Paid, the match is listed; the organiser finds it there (through the app).
    await routeInApp(page, '/partite');
    await page.getByRole('list', { name: 'Partite aperte' }).getByRole('link', { name: /Beach volley 2×2/ }).click();
    await matchPage(page).waitFor();
    link = new URL(page.url()).pathname;
    expect(link).toMatch(/^\/partite\/\d+$/);
    expect(await placesLeft(page)).toBe('3 / 4');
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'open-matches-organiser-1280');
    await screenshotAtPhoneWidth(page, 'open-matches-organiser');
    await page.close();
  });

  it('lists the match for members with its part and places', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: PLAYERS[0]!.email, path: '/partite', heading: 'Partite aperte' });
    const card = page.getByRole('list', { name: 'Partite aperte' }).getByRole('link', { name: /Beach volley 2×2/ });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Mancano 3 giocatori.*Competitiva, livello 2,5–4,0.*Quota 5,00/);
    await page.getByLabel('Fascia oraria').selectOption('evening');
    await page.getByText('Nessuna partita aperta con questi filtri.', { exact: false }).waitFor();
    await page.getByLabel('Fascia oraria').selectOption('morning');
    await card.waitFor();
    await screenshot(page, 'open-matches-list-1280');
    await screenshotAtPhoneWidth(page, 'open-matches-list');
    await page.close();
  });

  it('the second, third and fourth ask through the shared link, are accepted by every player in, and pay their part', async () => {
    const [second, third, fourth] = PLAYERS as [(typeof PLAYERS)[number], (typeof PLAYERS)[number], (typeof PLAYERS)[number]];
    const marta = await askAndJoin(link, second, [ORGANISER]);
    await marta.getByRole('button', { name: 'Entra e paga 5,00 € con il credito' }).click();
    await expect.poll(() => placesLeft(marta)).toBe('2 / 4');
    await marta.close();

    const nino = await askAndJoin(link, third, [ORGANISER, second.email]);
    await screenshot(nino, 'open-matches-accepted-1280');
    await screenshotAtPhoneWidth(nino, 'open-matches-accepted');
    await nino.getByRole('button', { name: 'Entra e paga 5,00 € con il credito' }).click();
    await expect.poll(() => placesLeft(nino)).toBe('1 / 4');
    await nino.close();

    const olga = await askAndJoin(link, fourth, [ORGANISER, second.email, third.email]);
    await olga.getByRole('button', { name: 'Entra e paga 5,00 € con il credito' }).click();
    await olga.getByText('La partita è al completo: ci vediamo in campo!').waitFor();
    expect(await placesLeft(olga)).toBe('0 / 4');
    expect(await olga.getByRole('region', { name: 'Giocatori' }).getByRole('listitem').count()).toBe(4);
    await screenshot(olga, 'open-matches-full-1280');
    await screenshotAtPhoneWidth(olga, 'open-matches-full');
    for (const player of PLAYERS) expect(await creditBalance(ctx.stack.db, (await ctx.stack.db.user.findUniqueOrThrow({ where: { email: player.email } })).id)).toBe(0);
    await olga.close();
  });
});
