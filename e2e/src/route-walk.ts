// The walk of every screen of the web route table, opened by the role that may open it (public, utente,
// staff, admin): each passes axe-core's WCAG 2 A/AA rules at 1280 and at 390 px, and none of its forms
// leans on the browser's own validation bubbles. Two test files walk it, one for the public and member
// screens and one for the back office, so that the two halves run side by side.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../apps/web/src/config/paths.js';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE } from './browser.js';
import type { useBrowserStack } from './stack.js';

type Ctx = ReturnType<typeof useBrowserStack>;
export type Role = 'public' | 'utente' | 'staff' | 'admin';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
export const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The member's held booking and share (arranged by the member's file before its walk). */
export const arranged = { bookingId: 0, shareId: 0 };

/** Each route of the table, the role that opens it, the address visited for a route with parameters, and where it lands if it moves on. */
export const ROUTES: { route: string; role: Role; visit?: () => string; landsOn?: string }[] = [
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
  { route: paths.bookingPayment, role: 'utente', visit: () => `/prenotazioni/pagamento/${arranged.bookingId}` },
  { route: paths.bookingShare, role: 'utente', visit: () => `/quote/${arranged.shareId}` },
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

/** The screen once its heading shows and its data has arrived. */
async function openScreen(ctx: Ctx, page: Page, address: string) {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${ctx.stack.webUrl}${address}`);
  await page.locator('h1').first().waitFor();
  // Loading placeholders are announced as busy; the check runs on the loaded screen.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

/** Walks the screens of `roles`, each role on a page of its own. */
export function walkRoutes(ctx: Ctx, roles: Role[]) {
  for (const role of roles) {
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
          await openScreen(ctx, page, address);
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
}
