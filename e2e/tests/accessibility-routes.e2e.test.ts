// The public and member half of the walk of every screen (./src/route-walk.ts): axe-core's WCAG 2 A/AA
// rules at 1280 and 390 px, no form without noValidate. The route list is checked against the app's own
// table of addresses, so a new screen cannot be left out.
import { beforeAll, expect, it } from 'vitest';
import { paths } from '../../apps/web/src/config/paths.js';
import { accessibilityViolations } from '../src/browser.js';
import { arrangeMemberScreens, ROUTES, walkRoutes } from '../src/route-walk.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();

beforeAll(() => arrangeMemberScreens(ctx.stack.db));

it('the walk covers every address of the route table', () => {
  const table = [paths.home, paths.login, paths.register, paths.forgotPassword, paths.resetPassword, paths.verifyEmail, paths.verifyEmailSuccess, paths.verifyEmailError, paths.membership, paths.profile, paths.bookings, paths.myBookings, paths.bookingPayment, paths.bookingShare, paths.paymentCompleted, paths.verifyMembership, paths.privacyNotice, paths.unsubscribe, paths.school, paths.tournaments, paths.tournament, paths.tournamentTv, paths.ranking, paths.privateLessons, paths.levelRanking, paths.openMatches, paths.openMatch, ...Object.values(paths.coach), ...Object.values(paths.admin)];
  const everyAddress = Object.values(paths).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value))).filter((address) => !address.includes('#'));
  expect(new Set(table)).toEqual(new Set(everyAddress));
  expect(new Set(ROUTES.map((entry) => entry.route))).toEqual(new Set([...everyAddress, '*']));
});

// The walk's check itself: it must name every element of a violation (axe keeps only one of each passing
// rule's, src/browser.ts), colours included, and only those inside the scope asked for.
it('the check reports each element that breaks a rule, within its scope', async () => {
  const page = await ctx.browser.newPage();
  await page.setContent(
    '<html lang="it"><head><title>Prova</title></head><body><main><h1>Prova</h1><input id="uno"><input id="due"><p id="chiaro" style="color:#bbb">Poco contrasto</p></main><footer><input id="fuori"></footer></body></html>',
  );
  const unlabelled = (...nodes: string[]) => ({ id: 'label', help: 'Form elements must have labels', nodes });
  const contrast = { id: 'color-contrast', help: 'Elements must meet minimum color contrast ratio thresholds', nodes: ['#chiaro'] };
  expect(await accessibilityViolations(page)).toEqual([contrast, unlabelled('#uno', '#due', '#fuori')]);
  expect(await accessibilityViolations(page, 'main')).toEqual([contrast, unlabelled('#uno', '#due')]);
  await page.context().close();
});

walkRoutes(ctx, ['public', 'utente']);
