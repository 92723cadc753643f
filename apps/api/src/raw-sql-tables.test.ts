// Raw SQL names only its own module's tables (docs/domain.md#modules-and-their-tables): a module reaches
// another's table through that module's index.ts (a function such as its lock, or Prisma's client), so a
// table's rules — its locks, its CHECKs, what is derived from it — live in one place. A static check of
// the source: every raw SQL template of every module, against the owners in test/table-owners.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rawSqlOf, tablesOf, tableUses } from './test/raw-sql-tables.js';
import { TABLE_OWNERS } from './test/table-owners.js';

const tables = tablesOf(readFileSync(new URL('../../../prisma/schema.prisma', import.meta.url), 'utf8'));
const uses = tableUses(new URL('./modules', import.meta.url).pathname, tables);

/**
 * The crossings that were there when this check came: each still to be moved behind its owner's
 * functions, file by file. The list only shrinks: a file that stops naming a table is taken off it.
 */
const KNOWN_CROSSINGS: Record<string, string[]> = {
  'auth/guards.ts': ['users'],
  'booking-players/share-deadline.ts': ['bookings'],
  'booking-players/share-payments.ts': ['bookings'],
  'booking-players/split-reads.ts': ['bookings', 'memberships', 'users'],
  'bookings/availability.ts': ['court_closures', 'court_setups', 'courts', 'settings', 'setups'],
  'bookings/booking-coupon-rules.ts': ['booking_coupons'],
  'bookings/desk-planner.ts': ['users'],
  'bookings/member-hold.ts': ['users'],
  'bookings/recurring-view.ts': ['courts', 'users'],
  'bookings/reserve-slot.ts': ['courts'],
  'broadcasts/broadcasts.service.ts': ['member_consents', 'memberships', 'users'],
  'certificates/certificate-reminders.ts': ['users'],
  'check-ins/record-check-in.ts': ['memberships'],
  'course-waitlist/place-hand-off.ts': ['course_bands', 'courses'],
  'courses/course-conflicts.ts': ['bookings', 'court_closures', 'courts'],
  'courses/course-states.ts': ['course_enrolments'],
  'courses/save-course.ts': ['course_enrolments'],
  'enrolments/enrol.ts': ['course_bands', 'courses'],
  'enrolments/enrolment-places.ts': ['courses'],
  'enrolments/live-enrolments.ts': ['course_sessions'],
  'ledger/carnet-uses.ts': ['carnet_uses', 'carnets'],
  'ledger/returns.ts': ['transactions'],
  'memberships/desk-membership-list.ts': ['transactions', 'users'],
  'memberships/membership-jobs.ts': ['membership_coupons', 'transactions', 'users'],
  'private-lessons/book-lesson.ts': ['bookings', 'court_closures', 'courts', 'users'],
  'rain-checks/rain-check-mailing.ts': ['booking_players', 'bookings', 'users'],
  'reconciliation/reconciliation.service.ts': ['receipts', 'stripe_requests', 'transactions'],
  'school-reports/school-report.ts': ['course_attendances', 'course_sessions'],
  'tournaments/ranking.ts': ['users'],
  'tournaments/tournament-setup.ts': ['bookings', 'court_closures'],
  'users/users.service.ts': ['memberships'],
};

/**
 * Reports that read the ledger's postings and balances in SQL of their own (sums by month, by account,
 * by booking): reads only — every write goes through the ledger's functions (ledger_post, ledger_resolve).
 */
const LEDGER_TABLES = ['ledger_accounts', 'ledger_entries', 'ledger_postings'];
const LEDGER_READERS: Record<string, string[]> = {
  'annual-accounts/contributions.ts': LEDGER_TABLES,
  'bookings/booking-money.ts': [...LEDGER_TABLES, 'transactions'],
  'cash-book/cash-book.ts': LEDGER_TABLES,
  'credit/credit-audit.ts': ['ledger_accounts', 'ledger_postings'],
  'credit/credit-desk.ts': LEDGER_TABLES,
  'credit/credit-statement.ts': [...LEDGER_TABLES, 'users'],
  'enrolments/test-courses.ts': ['ledger_accounts', 'ledger_postings'],
  'finance/ledger.service.ts': ['ledger_entries'],
  'finance/revenue.ts': LEDGER_TABLES,
  'rain-checks/rain-check-terms.ts': LEDGER_TABLES,
  'reconciliation/ledger-invariants.ts': ['ledger_accounts', 'ledger_postings'],
  'reconciliation/reconciliation.service.ts': LEDGER_TABLES,
  'reconciliation/stripe-ledger.ts': [...LEDGER_TABLES, 'transactions'],
  'year-close/year-close.service.ts': ['ledger_entries'],
};

const allowed = (file: string, table: string) => [KNOWN_CROSSINGS, LEDGER_READERS].some((list) => list[file]?.includes(table));
const crossings = uses.filter((use) => TABLE_OWNERS[use.table] !== use.module);
const named = (file: string, table: string) => uses.some((use) => use.file === file && use.table === table);

describe('raw SQL and the tables of other modules', () => {
  it('knows whose every table of the schema is', () => {
    expect([...tables].filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(uses.length).toBeGreaterThan(100);
  });

  it('finds a table named in raw SQL, and whose it is, with the values left out', () => {
    const source = 'const rows = await tx.$queryRaw<{ id: number }[]>`SELECT b.id FROM bookings b JOIN booking_players p ON p.booking_id = b.id WHERE p.id = ${id} FOR UPDATE OF b`;';
    expect(rawSqlOf('x.ts', source)).toEqual(['SELECT b.id FROM bookings b JOIN booking_players p ON p.booking_id = b.id WHERE p.id =  ?  FOR UPDATE OF b']);
    // The payments module's target lock once named these; it now calls each module's own lock.
    expect(named('payments/payment-targets.ts', 'bookings')).toBe(false);
    expect(uses).toContainEqual({ module: 'bookings', file: 'bookings/booking-lock.ts', table: 'bookings' });
  });

  it('names no other module’s table in any module’s raw SQL, but for the known crossings and the ledger’s readers', () => {
    expect(crossings.filter((use) => !allowed(use.file, use.table)).map((use) => `${use.file} names ${use.table} (${TABLE_OWNERS[use.table]}'s)`)).toEqual([]);
  });

  it('keeps the lists true: each crossing listed still happens', () => {
    const listed = [KNOWN_CROSSINGS, LEDGER_READERS].flatMap((list) => Object.entries(list).flatMap(([file, names]) => names.map((table) => `${file} ${table}`)));
    expect(listed.filter((entry) => !named(...(entry.split(' ') as [string, string])))).toEqual([]);
  });
});
