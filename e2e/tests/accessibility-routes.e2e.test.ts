// Every screen of the web route table, opened by the role that may open it (public, utente, staff,
// admin), passes axe-core's WCAG 2 A/AA rules at 1280 and at 390 px, and none of its forms leans on
// the browser's own validation bubbles. The route list is checked against the app's own table of
// addresses, so a new screen cannot be left out.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../apps/web/src/config/paths.js';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
type Role = 'public' | 'utente' | 'staff' | 'admin';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
let bookingId = 0;
let shareId = 0;

/** Each route of the table, the role that opens it, the address visited for a route with parameters, and where it lands if it moves on. */
const ROUTES: { route: string; role: Role; visit?: () => string; landsOn?: string }[] = [
  { route: paths.home, role: 'public' },
  { route: paths.login, role: 'public' },
  { route: paths.register, role: 'public' },
  { route: paths.forgotPassword, role: 'public' },
  { route: paths.resetPassword, role: 'public', visit: () => `${paths.resetPassword}?token=token-di-prova` },
  // A link that does not verify ends on the error screen (walked as its own route too).
  { route: paths.verifyEmail, role: 'public', visit: () => '/verify-email/1/token-non-valido', landsOn: paths.verifyEmailError },
  { route: paths.verifyEmailSuccess, role: 'public' },
  { route: paths.verifyEmailError, role: 'public' },
  { route: paths.verifyMembership, role: 'public', visit: () => '/verifica-tessera/token-non-valido' },
  { route: paths.privacyNotice, role: 'public' },
  { route: paths.unsubscribe, role: 'public', visit: () => `${paths.unsubscribe}?token=1.token-non-valido` },
  { route: '*', role: 'public', visit: () => '/pagina-che-non-esiste' },
  { route: paths.profile, role: 'utente' },
  { route: paths.membership, role: 'utente' },
  { route: paths.bookings, role: 'utente' },
  { route: paths.myBookings, role: 'utente' },
  { route: paths.bookingPayment, role: 'utente', visit: () => `/prenotazioni/pagamento/${bookingId}` },
  { route: paths.bookingShare, role: 'utente', visit: () => `/quote/${shareId}` },
  { route: paths.paymentCompleted, role: 'utente' },
  ...Object.values(paths.admin).map((route) => ({
    route,
    role: ([paths.admin.dashboard, paths.admin.users, paths.admin.memberships, paths.admin.bvuMembers, paths.admin.coupons, paths.admin.cancelledBookings, paths.admin.bookings, paths.admin.recurringBookings, paths.admin.checkIn, paths.admin.certificates] as string[]).includes(route)
      ? ('staff' as const)
      : ('admin' as const),
  })),
];

const SIGN_IN: Record<Exclude<Role, 'public'>, { email: string; path: string; heading: string }> = {
  utente: { email: 'utente@demo.beach', path: paths.profile, heading: 'Il mio profilo' },
  staff: { email: 'staff@demo.beach', path: paths.admin.dashboard, heading: 'Dashboard Amministratore' },
  admin: { email: 'admin@demo.beach', path: paths.admin.dashboard, heading: 'Dashboard Amministratore' },
};

beforeAll(async () => {
  const { db } = ctx.stack;
  // The whole year is season, and the member has a booking waiting for payment (its payment screen).
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const court = await db.court.findUniqueOrThrow({ where: { code: 'A1' } });
  const [startsAt] = await db.$queryRaw<{ at: Date }[]>`SELECT (${tomorrow}::date + time '10:30') AT TIME ZONE 'Europe/Rome' AS at`;
  const booking = await db.booking.create({
    data: { courtId: court.id, userId: member.id, startsAt: startsAt!.at, endsAt: new Date(startsAt!.at.getTime() + 90 * 60_000), status: 'pending_payment', priceCents: 2000, holdExpiresAt: new Date(Date.now() + 15 * 60_000) },
  });
  bookingId = booking.id;
  // The member is also a player of the admin's held booking on another court (their share's screen).
  const admin = await db.user.findUniqueOrThrow({ where: { email: 'admin@demo.beach' } });
  const c1 = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
  const other = await db.booking.create({ data: { courtId: c1.id, userId: admin.id, startsAt: booking.startsAt, endsAt: booking.endsAt, status: 'pending_payment', priceCents: 2000, holdExpiresAt: booking.holdExpiresAt } });
  shareId = (await db.bookingPlayer.create({ data: { bookingId: other.id, userId: member.id, shareCents: 1000 } })).id;
});

it('the walk covers every address of the route table', () => {
  const table = [paths.home, paths.login, paths.register, paths.forgotPassword, paths.resetPassword, paths.verifyEmail, paths.verifyEmailSuccess, paths.verifyEmailError, paths.membership, paths.profile, paths.bookings, paths.myBookings, paths.bookingPayment, paths.bookingShare, paths.paymentCompleted, paths.verifyMembership, paths.privacyNotice, paths.unsubscribe, ...Object.values(paths.admin)];
  const everyAddress = Object.values(paths).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value))).filter((address) => !address.includes('#'));
  expect(new Set(table)).toEqual(new Set(everyAddress));
  expect(new Set(ROUTES.map((entry) => entry.route))).toEqual(new Set([...everyAddress, '*']));
});

/** The screen once its heading shows and its data has arrived. */
async function openScreen(page: Page, address: string) {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${ctx.stack.webUrl}${address}`);
  await page.locator('h1').first().waitFor();
  // Loading placeholders are announced as busy; the check runs on the loaded screen.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

for (const role of ['public', 'utente', 'staff', 'admin'] as const) {
  describe(`as ${role}`, () => {
    let page: Page;
    beforeAll(async () => {
      page =
        role === 'public'
          ? await ctx.browser.newPage({ viewport: DESKTOP })
          : await openSignedIn(ctx.browser, ctx.stack.webUrl, SIGN_IN[role]);
    });

    for (const entry of ROUTES.filter((candidate) => candidate.role === role)) {
      it(`${entry.route}: no axe violations at 1280 and 390 px, no form without noValidate`, async () => {
        const address = entry.visit?.() ?? entry.route;
        await openScreen(page, address);
        // The guard let this role stay on the screen it asked for.
        expect(new URL(page.url()).pathname).toBe(entry.landsOn ?? address.split('?')[0]);
        const found: unknown[] = [];
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          for (const violation of await accessibilityViolations(page)) found.push({ width: viewport.width, ...violation });
        }
        expect(found).toEqual([]);
        expect(await page.locator('form:not([novalidate])').count()).toBe(0);
      });
    }
  });
}
