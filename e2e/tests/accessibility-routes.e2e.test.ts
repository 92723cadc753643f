// The public and member half of the walk of every screen (./src/route-walk.ts): axe-core's WCAG 2 A/AA
// rules at 1280 and 390 px, no form without noValidate. The route list is checked against the app's own
// table of addresses, so a new screen cannot be left out.
import { accounts, credit, debit, post } from '@beach/api/testing';
import { beforeAll, expect, it } from 'vitest';
import { paths } from '../../apps/web/src/config/paths.js';
import { postHistory } from '../src/ledger.js';
import { arranged, ROUTES, tomorrow, walkRoutes } from '../src/route-walk.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();

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
  arranged.bookingId = booking.id;
  // The member is also a player of the admin's held booking on another court (their share's screen).
  const admin = await db.user.findUniqueOrThrow({ where: { email: 'admin@demo.beach' } });
  const c1 = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
  const other = await db.booking.create({ data: { courtId: c1.id, userId: admin.id, startsAt: booking.startsAt, endsAt: booking.endsAt, status: 'pending_payment', priceCents: 2000, holdExpiresAt: booking.holdExpiresAt } });
  arranged.shareId = (await db.bookingPlayer.create({ data: { bookingId: other.id, userId: member.id } })).id;
  // Their books: what each hold owes, and the member's half of the admin's booking moved to their share.
  await postHistory(db);
  await post(db, {
    key: `booking:${other.id}:split:e2e`,
    kind: 'split',
    bookingId: other.id,
    description: 'Quote dei giocatori',
    legs: [credit(accounts.booking(other.id), 1000), debit(accounts.share(arranged.shareId, other.id), 1000)],
  });
});

it('the walk covers every address of the route table', () => {
  const table = [paths.home, paths.login, paths.register, paths.forgotPassword, paths.resetPassword, paths.verifyEmail, paths.verifyEmailSuccess, paths.verifyEmailError, paths.membership, paths.profile, paths.bookings, paths.myBookings, paths.bookingPayment, paths.bookingShare, paths.paymentCompleted, paths.verifyMembership, paths.privacyNotice, paths.unsubscribe, ...Object.values(paths.admin)];
  const everyAddress = Object.values(paths).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value))).filter((address) => !address.includes('#'));
  expect(new Set(table)).toEqual(new Set(everyAddress));
  expect(new Set(ROUTES.map((entry) => entry.route))).toEqual(new Set([...everyAddress, '*']));
});

walkRoutes(ctx, ['public', 'utente']);
