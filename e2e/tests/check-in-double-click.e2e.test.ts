// A double click on "Registra ingresso", in Chromium at 390 and 1280 px: one entrance recorded and the
// success said, never "Ingresso già registrato…" for the desk's own first click.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const romeDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offsetDays * 86_400_000));

/** A new member with an active seasonal card; returns the card. */
async function memberWithCard(firstName: string) {
  const { db } = ctx.stack;
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const member = await db.user.create({ data: { firstName, lastName: 'Doppio', email: `${firstName.toLowerCase()}.doppio@e2e.test`, passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(${Number(romeDay(0).slice(0, 4))}) AS number`;
  const card = await db.membership.create({
    data: {
      membershipNumber: issued!.number, userId: member.id, type: 'seasonal', status: 'active', activatedAt: new Date(),
      startDate: new Date(`${romeDay(-10)}T00:00:00Z`), endDate: new Date(`${romeDay(30)}T00:00:00Z`),
      originalPriceCents: 6000, priceCents: 6000, qrCode: randomBytes(24).toString('base64url'),
    },
  });
  await postHistory(db);
  return card;
}

describe('check-in, a double click', () => {
  for (const [viewport, name] of [[PHONE, 'Dora'], [DESKTOP, 'Dino']] as const) {
    it(`records once and says the success at ${viewport.width} px`, async () => {
      const card = await memberWithCard(name);
      const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: '/admin/check-in', heading: 'Check-in ingressi', width: viewport.width });
      try {
        await page.setViewportSize(viewport);
        await page.getByRole('textbox', { name: 'Numero tessera' }).fill(card.membershipNumber);
        await page.getByRole('button', { name: 'Verifica' }).click();
        await page.getByRole('heading', { name: 'Tessera valida', level: 2 }).waitFor();
        await page.getByRole('button', { name: 'Registra ingresso' }).dblclick();
        await page.getByText(`Ingresso registrato: ${name} D.`).waitFor();
        await expect.poll(() => page.getByRole('button', { name: 'Registra ingresso' }).isDisabled()).toBe(true);
        expect(await page.getByText(/Ingresso già registrato/).count()).toBe(0);
        expect(await ctx.stack.db.checkIn.count({ where: { membershipId: card.id } })).toBe(1);
        await screenshot(page, `check-in-double-click-${viewport.width}`, { fullPage: false });
      } finally {
        await page.close();
      }
    });
  }
});
