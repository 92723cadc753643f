// The open-match journey of issue 52 in Chromium, in Italian, German and English, each at 390 and 1280 px
// (the players' pages alternate): a member opens a competitive beach volley 2×2 on their hold and pays
// their part; a second joins at once from the shared link (inside the range); a third, above it, asks and
// is accepted by both; the fourth, with no level yet, answers the questionnaire in the match page's dialog
// and joins. After the match the organiser proposes the result, an opponent confirms it, and every
// player's level on their profile is the one openskill gave.
import { api } from '@beach/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { openInApp } from '../src/in-app-navigation.js';
import { giveCredit } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const dayAhead = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The mu shown as `level` (docs/levels.md#the-scale). */
const muAt = (level: number) => (level / 7) * 50;

const WORDS = {
  it: {
    payment: 'Pagamento prenotazione', openMatch: 'Apri una partita', kind: 'Tipo di partita', competitive: 'Competitiva, con un livello', min: 'Livello minimo (0–7)', max: 'Livello massimo (0–7)',
    openIt: 'Apri la partita', payCredit: 'Paga con il credito', paid: 'Questa prenotazione è già pagata e confermata.', match: 'Beach volley 2×2', players: 'Giocatori', join: /^Entra e paga .* con il credito$/, ask: 'Chiedi il posto', asked: 'Hai chiesto un posto: potrai entrare quando tutti i giocatori avranno accettato.',
    requests: 'Richieste di posto', accept: (name: string) => `Accetta ${name}`, accepted: 'Tutti i giocatori hanno accettato: entra e paga la tua quota.', findLevel: 'Trova il tuo livello',
    answers: ['Da 2 a 5 anni', 'Ogni settimana', 'Tornei amatoriali', 'Intermedia'], saveLevel: 'Salva il livello', full: 'La partita è al completo: ci vediamo in campo!', result: 'Inserisci il risultato', won: 'Abbiamo vinto', send: 'Invia il risultato',
    confirm: 'Conferma il risultato', confirmed: 'Risultato confermato: i livelli dei giocatori sono aggiornati.', profile: 'Il mio profilo', levels: 'I miei livelli', sport: 'Beach volley', level: 'Livello', history: 'Storia dei livelli', fromResult: 'Partita competitiva',
  },
  de: {
    payment: 'Buchung bezahlen', openMatch: 'Ein Spiel eröffnen', kind: 'Art des Spiels', competitive: 'Wettkampf, mit einem Niveau', min: 'Mindestniveau (0–7)', max: 'Höchstniveau (0–7)',
    openIt: 'Spiel eröffnen', payCredit: 'Mit Guthaben zahlen', paid: 'Diese Buchung ist bereits bezahlt und bestätigt.', match: 'Beachvolleyball 2×2', players: 'Spieler', join: /^Beitreten und .* mit Guthaben bezahlen$/, ask: 'Um den Platz bitten', asked: 'Du hast um einen Platz gebeten: Du kannst beitreten, sobald alle Spieler angenommen haben.',
    requests: 'Platzanfragen', accept: (name: string) => `${name} annehmen`, accepted: 'Alle Spieler haben angenommen: Tritt bei und bezahle deinen Anteil.', findLevel: 'Finde dein Niveau',
    answers: ['2 bis 5 Jahre', 'Jede Woche', 'Hobbyturniere', 'Mittel'], saveLevel: 'Niveau speichern', full: 'Das Spiel ist vollständig: Wir sehen uns auf dem Platz!', result: 'Ergebnis eintragen', won: 'Wir haben gewonnen', send: 'Ergebnis senden',
    confirm: 'Ergebnis bestätigen', confirmed: 'Ergebnis bestätigt: Die Niveaus der Spieler sind aktualisiert.', profile: 'Mein Profil', levels: 'Meine Niveaus', sport: 'Beachvolleyball', level: 'Niveau', history: 'Verlauf der Niveaus', fromResult: 'Wettkampfspiel',
  },
  en: {
    payment: 'Booking payment', openMatch: 'Open a match', kind: 'Kind of match', competitive: 'Competitive, with a level', min: 'Minimum level (0–7)', max: 'Maximum level (0–7)',
    openIt: 'Open the match', payCredit: 'Pay with credit', paid: 'This booking is already paid and confirmed.', match: 'Beach volleyball 2×2', players: 'Players', join: /^Join and pay .* with credit$/, ask: 'Ask for the place', asked: 'You have asked for a place: you can join once every player has accepted.',
    requests: 'Requests for a place', accept: (name: string) => `Accept ${name}`, accepted: 'Every player has accepted: join and pay your share.', findLevel: 'Find your level',
    answers: ['2 to 5 years', 'Every week', 'Amateur tournaments', 'Intermediate'], saveLevel: 'Save my level', full: 'The match is full: see you on the court!', result: 'Enter the result', won: 'We won', send: 'Send the result',
    confirm: 'Confirm the result', confirmed: 'Result confirmed: the players’ levels are updated.', profile: 'My profile', levels: 'My levels', sport: 'Beach volleyball', level: 'Level', history: 'Level history', fromResult: 'Competitive match',
  },
} as const;
type Language = keyof typeof WORDS;
const LANGUAGES: Language[] = ['it', 'de', 'en'];

/** Four members per language with credit; levels 3.0 (organiser), 3.2 (inside the range), 5.5 (above it), none. */
async function playersFor(language: Language) {
  const { db } = ctx.stack;
  const template = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const names = ['Organizza', 'Dentro', 'Sopra', 'Nuova'];
  const levels = [3, 3.2, 5.5, null];
  const users = [];
  for (const [index, lastName] of names.entries()) {
    const user = await db.user.create({
      data: { firstName: `Gioca${language.toUpperCase()}`, lastName, email: `${lastName.toLowerCase()}.${language}@viaggio.it`, locale: language, passwordHash: template.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() },
    });
    await giveCredit(db, user.id, 2000, { reason: 'Prova' });
    const level = levels[index];
    if (level != null) await db.memberLevel.create({ data: { userId: user.id, sport: 'beach_volley', mu: muAt(level), sigma: 6 } });
    users.push({ id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` });
  }
  return users as [(typeof users)[0], (typeof users)[0], (typeof users)[0], (typeof users)[0]];
}

/** The organiser's hold, asked of the API as the booking page would. */
async function holdOf(email: string, date: string) {
  const { webUrl } = ctx.stack;
  const login = await fetch(`${webUrl}${api.auth.login.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo2026!' }) });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const court = await ctx.stack.db.court.findUniqueOrThrow({ where: { code: 'C5' } });
  const held = await fetch(`${webUrl}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ date, court_id: court.id, start: '10:30' }) });
  expect(held.status).toBe(201);
  return ((await held.json()) as { booking: { id: number } }).booking.id;
}

beforeAll(async () => {
  await ctx.stack.db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', openMatchCutoffHours: 6, bookingHorizonDays: 14 } });
});

describe('the open-match journey with levels', () => {
  for (const [run, language] of LANGUAGES.entries()) {
    describe(`in ${language}`, () => {
      const words = WORDS[language];
      const prefix = language === 'it' ? '' : `/${language}`;
      // Every screen at both widths over the three languages: the players' pages alternate.
      const widthOf = (index: number) => ((index + run) % 2 === 0 ? PHONE.width : DESKTOP.width);
      const open = (player: { email: string }, index: number, path: string, heading: string) =>
        openSignedIn(ctx.browser, ctx.stack.webUrl, { email: player.email, path: `${prefix}${path}`, heading, width: widthOf(index) });
      const shot = (page: Page, name: string) => screenshot(page, `journey-${language}-${name}-${page.viewportSize()!.width}`);
      let players: Awaited<ReturnType<typeof playersFor>>;
      /** Each player's page, kept from one step of the journey to the next. */
      const pages = {} as { host: Page; second: Page; third: Page; fourth: Page };
      let bookingId: number;
      let link: string;

      it('a member opens a competitive 2×2 and pays their part; a second, inside the range, joins at once from the link', async () => {
        const { db } = ctx.stack;
        players = await playersFor(language);
        const [organiser, inside] = players;
        // The organiser opens the match on their hold and pays their part.
        bookingId = await holdOf(organiser.email, dayAhead(8 + run));
        const host = await open(organiser, 0, `/prenotazioni/pagamento/${bookingId}`, words.payment);
        await host.getByRole('button', { name: words.openMatch }).click();
        const form = host.getByRole('form', { name: words.openMatch });
        await form.getByLabel(words.kind).selectOption('volley_2x2');
        await form.getByLabel(words.competitive).check();
        await form.getByLabel(words.min).fill(language === 'en' ? '2.5' : '2,5');
        await form.getByLabel(words.max).fill('4');
        await form.getByRole('button', { name: words.openIt }).click();
        await host.getByRole('button', { name: words.payCredit }).click();
        await host.getByText(words.paid).waitFor();
        const matchId = (await db.openMatch.findUniqueOrThrow({ where: { bookingId } })).id;
        link = `/partite/${matchId}`;

        // The second, inside the range, joins at once from the link.
        const second = await open(inside, 1, link, words.match);
        await second.getByRole('button', { name: words.join }).click();
        await expect.poll(() => second.getByTestId('places-left').textContent()).toBe('2 / 4');

        Object.assign(pages, { host, second });
      });

      it('a third, above the range, asks and is accepted by both; the fourth answers the questionnaire and joins', async () => {
        const { webUrl } = ctx.stack;
        const [, , above, newcomer] = players;
        const { host, second } = pages;
        // The third, above the range, asks; both players accept; then they join.
        const third = await open(above, 2, link, words.match);
        await third.getByRole('button', { name: words.ask }).click();
        // Asked once the page says so: the others' pages, opened before the API has the request, would not list it.
        await third.getByText(words.asked).waitFor();
        // The second opens the match again; the organiser goes to it from their payment page through the app.
        await second.goto(`${webUrl}${prefix}${link}`);
        await openInApp(host, `${webUrl}${prefix}${link}`);
        for (const page of [second, host]) {
          const accept = page.getByRole('region', { name: words.requests }).getByRole('button', { name: words.accept(above.name) });
          await accept.click();
          await accept.waitFor({ state: 'detached' });
        }
        await third.reload();
        await third.getByText(words.accepted).waitFor();
        await shot(third, 'accepted');
        await third.getByRole('button', { name: words.join }).click();
        await expect.poll(() => third.getByTestId('places-left').textContent()).toBe('1 / 4');

        // The fourth has no level in beach volley: the questionnaire first (3.0, inside the range), then they join.
        const fourth = await open(newcomer, 3, link, words.match);
        await fourth.getByRole('button', { name: words.findLevel }).click();
        const dialog = fourth.getByRole('dialog');
        for (const answer of words.answers) await dialog.getByRole('radio', { name: answer, exact: true }).check();
        await shot(fourth, 'questionnaire');
        await dialog.getByRole('button', { name: words.saveLevel }).click();
        await fourth.getByRole('button', { name: words.join }).click();
        await fourth.getByText(words.full).waitFor();
        await shot(fourth, 'full');

        Object.assign(pages, { third, fourth });
      });

      it('the result is proposed and confirmed, and every player’s level moves on their page', async () => {
        const { webUrl, db } = ctx.stack;
        const [organiser, inside, above, newcomer] = players;
        const { host, second, third, fourth } = pages;
        // The match is played (its hour moved into the past); the organiser and the second won.
        const startsAt = new Date(Date.UTC(2020, 0, 10 + run, 9));
        await db.booking.update({ where: { id: bookingId }, data: { startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) } });
        await host.reload();
        const proposal = host.getByRole('form', { name: words.result });
        await proposal.getByRole('radio', { name: inside.name }).check();
        await proposal.getByRole('radio', { name: words.won }).check();
        await shot(host, 'result-proposed');
        await proposal.getByRole('button', { name: words.send }).click();
        await third.reload();
        await third.getByRole('button', { name: words.confirm }).click();
        await third.getByText(words.confirmed).first().waitFor();
        // The match's own list of players shows the level the result gave.
        const thirdNow = await db.memberLevel.findUniqueOrThrow({ where: { userId_sport: { userId: above.id, sport: 'beach_volley' } } });
        const thirdShown = new Intl.NumberFormat(language, { minimumFractionDigits: 1 }).format(Math.round(((thirdNow.mu * 7) / 50) * 100) / 100);
        await expect.poll(() => third.getByRole('region', { name: words.players }).textContent()).toMatch(new RegExp(`${above.name}\\s*${thirdShown}`));
        await shot(third, 'result-confirmed');

        // Each player's profile shows the level openskill gave and the result in the history.
        for (const [index, [player, page]] of ([[organiser, host], [inside, second], [above, third], [newcomer, fourth]] as const).entries()) {
          const row = await db.memberLevel.findUniqueOrThrow({ where: { userId_sport: { userId: player.id, sport: 'beach_volley' } } });
          expect(row.competitiveMatches).toBe(1);
          // The winners (organiser and second) went up, the losers down, from 3.0, 3.2, 5.5 and the questionnaire's 3.0.
          const before = muAt([3, 3.2, 5.5, 3][index]!);
          if (index < 2) expect(row.mu).toBeGreaterThan(before);
          else expect(row.mu).toBeLessThan(before);
          const shown = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round(((row.mu * 7) / 50) * 100) / 100);
          // The third's app asks for the levels again, its own confirmation having changed them: it goes on through
          // the app. The others' apps still hold the levels the match page showed them (fresh for a minute, as
          // for a member) and load the profile, as a player opening the app later does.
          if (player === above) await openInApp(page, `${webUrl}${prefix}/profilo`);
          else await page.goto(`${webUrl}${prefix}/profilo`);
          await page.getByRole('heading', { name: words.profile, level: 1 }).waitFor();
          const sport = page.getByRole('listitem', { name: words.sport, exact: true });
          await sport.getByText(`${words.level} ${shown}`).waitFor();
          await page.getByText(words.history).click();
          await page.getByText(new RegExp(`${words.sport} · ${words.fromResult}`)).waitFor();
          if (index === 0) await screenshot(page.getByRole('region', { name: words.levels }), `journey-${language}-profile-levels-${page.viewportSize()!.width}`, { fullPage: false });
          await page.close();
        }
      });
    });
  }
});
