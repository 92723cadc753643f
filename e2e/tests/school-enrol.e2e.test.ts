// School enrolment in Chromium: a parent opens /scuola on a phone, enrols their child in a course, pays it
// by card on the (double's) Stripe page and finds the enrolment confirmed on /profilo; screenshots at 390
// and 1280 px. The course and the child are written straight to the tables (their screens are elsewhere).
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const dayFromToday = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const { db } = ctx.stack;
  const parent = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  await db.child.create({ data: { parentId: parent.id, firstName: 'Tommaso', lastName: parent.lastName, birthDate: new Date('2016-04-12T00:00:00Z') } });
  const court = await db.court.findFirstOrThrow({ where: { code: 'D1' } });
  const course = await db.course.create({
    data: {
      name: 'Minivolley estate', level: 'Principianti', minAge: 8, maxAge: 12, startsOn: new Date(`${dayFromToday(1)}T00:00:00Z`), endsOn: new Date(`${dayFromToday(4)}T00:00:00Z`),
      recurrence: 'FREQ=DAILY', startTime: '17:00', durationMinutes: 60, maxParticipants: 8, priceCents: 6000, publishedAt: new Date(), courts: { create: [{ courtId: court.id }] },
    },
  });
  for (const days of [1, 2, 3, 4]) {
    // 17:00 in Rome in summer and winter alike is 15:00 or 16:00 UTC: the hour is not what this test checks.
    const startsAt = new Date(`${dayFromToday(days)}T15:00:00Z`);
    await db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) } });
  }
});

describe('school enrolment, in Chromium', () => {
  it('a parent enrols a child at 390 px, pays by card and sees it confirmed on /profilo', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/scuola', heading: 'Scuola di beach volley', width: PHONE.width });
    try {
      await page.setViewportSize(PHONE);
      const card = page.getByRole('button', { name: /Minivolley estate/ });
      await expect.poll(() => card.textContent()).toContain('8 posti liberi');
      await screenshot(page, 'school-list-390');
      await card.click();
      const dialog = page.getByRole('dialog');
      const who = dialog.getByLabel('Chi iscrivi');
      await dialog.getByRole('option', { name: /Tommaso/ }).waitFor({ state: 'attached' });
      await who.selectOption({ label: (await dialog.getByRole('option', { name: /Tommaso/ }).textContent())! });
      await dialog.getByText(/Prezzo: 60,00/).waitFor();
      await screenshot(page, 'school-enrol-dialog-390');
      await dialog.getByRole('button', { name: 'Iscrivi' }).click();
      await dialog.getByText('Posto tenuto: completa il pagamento per confermare l’iscrizione.').waitFor();
      await dialog.getByRole('button', { name: 'Paga con la carta' }).click();
      await page.waitForURL(/\/checkout\/cs_test_/);
      await expect.poll(() => page.textContent('body')).toContain('60,00');
      await page.getByRole('button', { name: 'Paga' }).click();

      await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
      await page.getByText('Iscrizione confermata: ci vediamo al corso!').waitFor();
      await page.getByRole('link', { name: 'Vai alle tue iscrizioni' }).click();
      const row = page.getByRole('region', { name: 'Le mie iscrizioni' }).getByRole('listitem', { name: 'Minivolley estate' });
      await expect.poll(() => row.textContent()).toMatch(/Tommaso.*Tutto il corso.*60,00.*Confermata/);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'school-profile-390', { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'school-profile-1280', { fullPage: false });
      await page.goto(`${ctx.stack.webUrl}/scuola`);
      await page.getByRole('button', { name: /Minivolley estate/ }).filter({ hasText: '7 posti liberi' }).waitFor();
      await screenshot(page, 'school-list-1280');
    } finally {
      await page.close();
    }
  });
});
