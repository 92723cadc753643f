// The walk of every screen of the web route table, opened by the role that may open it (public, utente,
// staff, admin): each passes axe-core's WCAG 2 A/AA rules at 1280 and at 390 px, and none of its forms
// leans on the browser's own validation bubbles. Two test files walk it in Italian, one for the public and
// member screens and one for the back office, so that the two halves run side by side; two more walk the
// public and member screens in German and in English (languages-walk-*.e2e.test.ts).
import { accounts, credit, debit, post } from '@beach/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../apps/web/src/config/paths.js';
import { accessibilityViolations, DESKTOP, newSignedInPage, PHONE, screenshot } from './browser.js';
import { openInApp } from './in-app-navigation.js';
import { italianOnlyWords, italianWordsIn, overflowingTexts } from './languages.js';
import { postHistory } from './ledger.js';
import type { useBrowserStack } from './stack.js';

type Ctx = ReturnType<typeof useBrowserStack>;
export type Role = 'public' | 'utente' | 'staff' | 'admin';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
export const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The member's held booking and share (arranged by `arrangeMemberScreens` before a walk). */
export const arranged = { bookingId: 0, shareId: 0, sessionId: 0, tournamentId: 0, openMatchId: 0, memberId: 0 };

/** What a coach's screens show: a session of the school tomorrow, with the demo member enrolled. */
export async function arrangeCoachSession(db: Ctx['stack']['db']) {
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const staff = await db.user.findUniqueOrThrow({ where: { email: 'staff@demo.beach' } });
  const [startsAt] = await db.$queryRaw<{ at: Date }[]>`SELECT (${tomorrow}::date + time '17:00') AT TIME ZONE 'Europe/Rome' AS at`;
  const course = await db.course.create({
    data: { name: 'Corso della passeggiata', coachId: staff.id, startsOn: new Date(`${today}T00:00:00Z`), endsOn: new Date(`${tomorrow}T00:00:00Z`), recurrence: 'FREQ=DAILY', startTime: '17:00', durationMinutes: 60, maxParticipants: 8, placesTaken: 1, priceCents: 5000 },
  });
  const session = await db.courseSession.create({ data: { courseId: course.id, startsAt: startsAt!.at, endsAt: new Date(startsAt!.at.getTime() + 3_600_000) } });
  await db.courseEnrolment.create({ data: { courseId: course.id, userId: member.id, kind: 'course', amountCents: 5000, status: 'confirmed', confirmedAt: new Date() } });
  arranged.sessionId = session.id;
  arranged.memberId = member.id;
}

/** What the member's screens show: a booking waiting for payment, and a share of another member's booking. */
export async function arrangeMemberScreens(db: Ctx['stack']['db']) {
  // The whole year is season, and the member has a booking waiting for payment (its payment screen).
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const court = await db.court.findUniqueOrThrow({ where: { code: 'A1' } });
  const [startsAt] = await db.$queryRaw<{ at: Date }[]>`SELECT (${tomorrow}::date + time '10:30') AT TIME ZONE 'Europe/Rome' AS at`;
  const booking = await db.booking.create({
    data: { courtId: court.id, userId: member.id, startsAt: startsAt!.at, endsAt: new Date(startsAt!.at.getTime() + 90 * 60_000), status: 'pending_payment', priceCents: 2000, holdExpiresAt: new Date(Date.now() + 15 * 60_000) },
  });
  arranged.bookingId = booking.id;
  // The member is also a player of the admin's held booking on another court (their share's screen).
  const admin = await db.user.findUniqueOrThrow({ where: { email: 'admin@demo.beach' } });
  const c1 = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
  const other = await db.booking.create({ data: { courtId: c1.id, userId: admin.id, startsAt: booking.startsAt, endsAt: booking.endsAt, status: 'pending_payment', priceCents: 2000, holdExpiresAt: booking.holdExpiresAt } });
  arranged.shareId = (await db.bookingPlayer.create({ data: { bookingId: other.id, userId: member.id } })).id;
  await arrangeDataWords(db, member.id);
  // Their books: what each hold owes, and the member's half of the admin's booking moved to their share.
  await postHistory(db);
  await post(db, {
    key: `booking:${other.id}:split:e2e`,
    kind: 'split',
    bookingId: other.id,
    description: 'Quote dei giocatori',
    legs: [credit(accounts.booking(other.id), 1000), debit(accounts.share(arranged.shareId, other.id), 1000)],
  });
  await arrangeTournament(db);
  // A friendly 2×2 the admin opened on court C2, with three places left (the open match's screen).
  const c2 = await db.court.findUniqueOrThrow({ where: { code: 'C2' } });
  const matchBooking = await db.booking.create({ data: { courtId: c2.id, userId: admin.id, startsAt: booking.startsAt, endsAt: booking.endsAt, status: 'confirmed', priceCents: 2000 } });
  const cutoffAt = new Date(Math.max(Date.now() + 60_000, booking.startsAt.getTime() - 6 * 3_600_000));
  arranged.openMatchId = (await db.openMatch.create({ data: { bookingId: matchBooking.id, organiserId: admin.id, sport: 'beach_volley', format: 'volley_2x2', playersCount: 4, competitive: false, partCents: 500, cutoffAt } })).id;
}

/**
 * The product's words the German and English walks must find translated (docs/i18n.md#data-words): a course
 * of the school with a level and a German and English title, and last year's card of the member, paid at the
 * desk, whose receipt's line the payment stores in Italian.
 */
async function arrangeDataWords(db: Ctx['stack']['db'], memberId: number) {
  const court = await db.court.findUniqueOrThrow({ where: { code: 'D1' } });
  const [startsAt] = await db.$queryRaw<{ at: Date }[]>`SELECT (${tomorrow}::date + time '19:00') AT TIME ZONE 'Europe/Rome' AS at`;
  await db.course.create({
    data: {
      name: 'Corso serale', titleDe: 'Abendkurs', titleEn: 'Evening course', level: 'Intermedio', startsOn: new Date(`${today}T00:00:00Z`), endsOn: new Date(`${tomorrow}T00:00:00Z`),
      recurrence: 'FREQ=DAILY', startTime: '19:00', durationMinutes: 90, maxParticipants: 10, priceCents: 3000, publishedAt: new Date(), courts: { create: [{ courtId: court.id }] },
      sessions: { create: [{ startsAt: startsAt!.at, endsAt: new Date(startsAt!.at.getTime() + 90 * 60_000) }] },
    },
  });
  const lastYear = Number(today.slice(0, 4)) - 1;
  await db.membership.create({
    data: {
      membershipNumber: 'WALK-1', userId: memberId, type: 'seasonal', status: 'expired', activatedAt: new Date(`${lastYear}-01-01T09:00:00Z`), startDate: new Date(`${lastYear}-01-01T00:00:00Z`),
      endDate: new Date(`${lastYear}-12-31T00:00:00Z`), originalPriceCents: 6000, priceCents: 6000,
      transactions: { create: { kind: 'membership', userId: memberId, amountCents: 6000, method: 'cash', status: 'completed', paidAt: new Date(), description: 'Quota associativa' } },
    },
  });
}

/**
 * What the tournaments' screens show: a published tournament in a week, registration open, with two
 * confirmed pairs (the demo member with the admin, staff with nobody yet invited) on court A1.
 */
export async function arrangeTournament(db: Ctx['stack']['db']) {
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const admin = await db.user.findUniqueOrThrow({ where: { email: 'admin@demo.beach' } });
  const staff = await db.user.findUniqueOrThrow({ where: { email: 'staff@demo.beach' } });
  const court = await db.court.findUniqueOrThrow({ where: { code: 'A1' } });
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000);
  const tournament = await db.tournament.create({
    data: {
      name: 'Summer Beach Cup', sport: 'beach_volley', category: 'mixed', format: 'pools_knockout', matchFormat: 'one_set_21', matchMinutes: 30, entryFeeCents: 1500, maxEntries: 8, entriesTaken: 2,
      registrationOpensAt: new Date(Date.now() - 86_400_000), registrationClosesAt: new Date(day.getTime() - 86_400_000), startsOn: day, endsOn: day, status: 'published',
      courts: { create: [{ courtId: court.id, startsAt: new Date(day.getTime() + 7 * 3_600_000), endsAt: new Date(day.getTime() + 17 * 3_600_000) }] },
    },
  });
  for (const [seed, users] of [[1, [member, admin]], [2, [staff]]] as const) {
    const entry = await db.tournamentEntry.create({ data: { tournamentId: tournament.id, status: 'confirmed', seed, createdById: users[0]!.id } });
    await db.tournamentPlayer.createMany({
      data: [...users.map((user) => ({ entryId: entry.id, tournamentId: tournament.id, userId: user.id, feeCents: 1500, acceptedAt: new Date() })), ...(users.length === 1 ? [{ entryId: entry.id, tournamentId: tournament.id, invitedEmail: 'ospite@example.com', feeCents: 1500 }] : [])],
    });
  }
  arranged.tournamentId = tournament.id;
}

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
  { route: paths.school, role: 'public' },
  { route: paths.tournaments, role: 'public' },
  { route: paths.tournament, role: 'public', visit: () => `/tornei/${arranged.tournamentId}` },
  { route: paths.tournamentTv, role: 'public', visit: () => `/tornei/${arranged.tournamentId}/tv` },
  { route: paths.ranking, role: 'public' },
  { route: '*', role: 'public', visit: () => '/pagina-che-non-esiste' },
  { route: paths.profile, role: 'utente' },
  { route: paths.membership, role: 'utente' },
  { route: paths.bookings, role: 'utente' },
  { route: paths.myBookings, role: 'utente' },
  { route: paths.bookingPayment, role: 'utente', visit: () => `/prenotazioni/pagamento/${arranged.bookingId}` },
  { route: paths.bookingShare, role: 'utente', visit: () => `/quote/${arranged.shareId}` },
  { route: paths.paymentCompleted, role: 'utente' },
  { route: paths.privateLessons, role: 'utente' },
  { route: paths.levelRanking, role: 'utente' },
  { route: paths.openMatches, role: 'utente' },
  { route: paths.openMatch, role: 'utente', visit: () => `/partite/${arranged.openMatchId}` },
  // A coach's screens, walked by staff (who may open any coach's sessions).
  { route: paths.coach.sessions, role: 'staff' },
  { route: paths.coach.session, role: 'staff', visit: () => `/allenatore/lezioni/${arranged.sessionId}` },
  // The organiser's board of the arranged tournament.
  { route: paths.admin.tournament, role: 'admin', visit: () => `/admin/tornei/${arranged.tournamentId}` },
  // The desk's print of the demo member's amounts due (the member of the coach's session).
  { route: paths.admin.amountsDue, role: 'staff', visit: () => `/admin/users/${arranged.memberId}/da-pagare` },
  ...Object.values(paths.admin).filter((route) => route !== paths.admin.tournament && route !== paths.admin.amountsDue).map((route) => ({
    route,
    role: ([paths.admin.dashboard, paths.admin.users, paths.admin.memberships, paths.admin.bvuMembers, paths.admin.coupons, paths.admin.cancelledBookings, paths.admin.bookings, paths.admin.recurringBookings, paths.admin.courses, paths.admin.checkIn, paths.admin.certificates] as string[]).includes(route)
      ? ('staff' as const)
      : ('admin' as const),
  })),
];

/** Who walks each signed-in role's screens. */
const MEMBER_OF: Record<Exclude<Role, 'public'>, string> = { utente: 'utente@demo.beach', staff: 'staff@demo.beach', admin: 'admin@demo.beach' };

/**
 * A walk's page prefers reduced motion from its start: axe judges colours at rest anyway
 * (`accessibilityViolations`), and switching it on and off around each of a walk's axe runs restyled the
 * whole page twice, a tenth of the run (docs/testing.md#session-11-axe-and-the-walks).
 */
const AT_REST = { reducedMotion: 'reduce' } as const;

/** The pages that have loaded a first screen of the walk: the next ones are reached through the app. */
const walking = new WeakSet<Page>();

/**
 * A role's page for its walk, open from before its first test to after its last, at rest. Signed in, it has
 * loaded nothing yet: the walk's first screen is the app's only load (a sign-in landing on a screen first
 * loaded the app twice). Closed after the walk, so that the next role's signed-in page reuses its browser
 * context and the app's files in its cache (./browser.ts).
 */
function useWalkPage(ctx: Ctx, role: Role) {
  const walk = {} as { page: Page };
  beforeAll(async () => {
    walk.page = role === 'public' ? await ctx.browser.newPage({ viewport: DESKTOP }) : await newSignedInPage(ctx.browser, ctx.stack.webUrl, { email: MEMBER_OF[role] });
    await walk.page.emulateMedia(AT_REST);
  });
  afterAll(() => walk.page?.close());
  return walk;
}

/** The screen once its heading shows and its data has arrived. */
async function openScreen(ctx: Ctx, page: Page, address: string) {
  await page.setViewportSize(DESKTOP);
  const load = !walking.has(page);
  walking.add(page);
  // What the page showed instead, should its heading never come: the failure says more than a timeout.
  await openInApp(page, `${ctx.stack.webUrl}${address}`, { load }).catch(async (error: Error) => {
    throw new Error(`${error.message}\non ${page.url()}: ${(await page.locator('body').innerText().catch(() => '')).slice(0, 400)}`);
  });
  // Loading placeholders are announced as busy; the check runs on the loaded screen.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

/** Walks the screens of `roles` in Italian, each role on a page of its own. */
export function walkRoutes(ctx: Ctx, roles: Role[]) {
  for (const role of roles) {
    describe(`as ${role}`, () => {
      const walk = useWalkPage(ctx, role);

      for (const entry of ROUTES.filter((candidate) => candidate.role === role)) {
        it(`${entry.route}: no axe violations at 1280 and 390 px, no form without noValidate`, async () => {
          const { page } = walk;
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

/**
 * The Italian-only words of every catalogue a public or member screen reads (docs/i18n.md#parts): its own
 * texts, the contracts' field messages and the API's answers.
 */
const ITALIAN_ONLY = italianOnlyWords(['shell', 'home', 'member', 'contracts', 'server']);
/** The court map's cards: the centre's own names and descriptions of its courts, written in Italian. */
const DATABASE_TEXT = '[data-court]';

/**
 * The Italian-only words less those of the courts' names ("Campo Centrale A1") and of people's names
 * ("Stefano Segreteria", a player of the arranged tournament): data shown as written.
 */
async function wordsToFind(db: Ctx['stack']['db']) {
  const [courts, users] = await Promise.all([db.court.findMany({ select: { name: true } }), db.user.findMany({ select: { firstName: true, lastName: true } })]);
  const names = [...courts.map((court) => court.name), ...users.map((user) => `${user.firstName} ${user.lastName}`)].flatMap((name) => name.toLowerCase().split(/[^\p{L}]+/u));
  return ITALIAN_ONLY.filter((word) => !names.includes(word));
}

/**
 * Walks the public and member screens in `locale` (`/de/…`, `/en/…`), each at 1280 and 390 px: no Italian
 * word of the catalogues left on it, no text cut or overflowing its box, no axe violation. Screenshots of
 * each: `languages-<locale>-<screen>-<width>.png`.
 */
export function walkRoutesIn(ctx: Ctx, locale: 'de' | 'en') {
  for (const role of ['public', 'utente'] as const) {
    describe(`as ${role}, in ${locale}`, () => {
      const walk = useWalkPage(ctx, role);
      let italian: string[];
      beforeAll(async () => {
        italian = await wordsToFind(ctx.stack.db);
      });

      for (const entry of ROUTES.filter((candidate) => candidate.role === role)) {
        it(`/${locale}${entry.route}: in ${locale} only, nothing cut or overflowing, no axe violation at 1280 and 390 px`, async () => {
          const { page } = walk;
          const inLocale = (address: string) => `/${locale}${address}`;
          const address = entry.visit?.() ?? entry.route;
          await openScreen(ctx, page, inLocale(address));
          expect(new URL(page.url()).pathname).toBe(inLocale(entry.landsOn ?? address.split('?')[0]!));
          expect(await page.getAttribute('html', 'lang')).toBe(locale);
          const name = `languages-${locale}-${entry.route.replace(/[/:*]+/g, '-').replace(/^-|-$/g, '') || 'home'}`;
          const found: Record<string, unknown>[] = [];
          for (const viewport of [DESKTOP, PHONE]) {
            await page.setViewportSize(viewport);
            const faults = {
              italian: await italianWordsIn(page.locator('body'), italian, DATABASE_TEXT),
              overflowing: await overflowingTexts(page),
              axe: await accessibilityViolations(page),
            };
            if (Object.values(faults).some((list) => list.length > 0)) found.push({ width: viewport.width, ...faults });
            await screenshot(page, `${name}-${viewport.width}`);
          }
          expect(found).toEqual([]);
        });
      }
    });
  }
}
