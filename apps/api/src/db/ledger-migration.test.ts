// The ledger's migration keeps every figure: on the demo season written as it was before the ledger, plus
// history of every kind only the replaced tables remembered (credit top-ups, spends, returns, corrections,
// rain credit and refunds; carnet sales, uses, returns and expiries; split bookings' shares paid by card,
// by credit and charged to the organiser), the balances, the revenue of every month, the liabilities and
// what the desk shows of each live booking are the same to the cent after the migration as the old
// computations (kept below, as they were) gave before it; and the books then prove themselves.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, Prisma, type Db } from '../lib/db.js';
import { createDatabaseIfMissing } from './embedded.js';
import { migrate, migrateThrough } from './migrate.js';
import { seedDemoVolume } from './seed-demo.js';
import { seed } from './seed.js';
import { incomeByMonth, liabilities } from '../modules/finance/revenue.js';
import { walletOf } from '../modules/ledger/wallet.js';
import { moneyOfBookings, paymentStateOf } from '../modules/bookings/booking-money.js';
import { createReconciliationService } from '../modules/reconciliation/reconciliation.service.js';
import type { AccountRef } from '../modules/ledger/accounts.js';
import { post, postMany } from '../modules/ledger/ledger.js';

/** The last migration before the ledger's. */
const BEFORE_LEDGER = '20261126090000';
const SEEDING_MS = 240_000;

const name = `ledger_migration_${randomBytes(4).toString('hex')}`;
const adminUrl = inject('databaseAdminUrl');
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
let db: Db;

afterAll(async () => {
  await db?.$disconnect();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await admin.end();
});

// ---- The computations before the ledger, as they were (finance/revenue.ts and the desk's money) ----

const SETTLED = Prisma.sql`status IN ('completed', 'refunded', 'partially_refunded')`;
const worthOfUses = (uses: Prisma.Sql, price: Prisma.Sql, total: Prisma.Sql) =>
  Prisma.sql`((${uses}) * ((${price}) / (${total})) + CASE WHEN (${uses}) = (${total}) THEN (${price}) % (${total}) ELSE 0 END)`;
const CARNET_EXPIRES_AT = Prisma.sql`(c.valid_until + 1)::timestamp AT TIME ZONE 'Europe/Rome'`;
const OLD_CARNET_INCOME = Prisma.sql`
  SELECT moved_at, ${worthOfUses(Prisma.sql`spent`, Prisma.sql`price`, Prisma.sql`total`)}
         - ${worthOfUses(Prisma.sql`lag(spent, 1, 0) OVER steps`, Prisma.sql`price`, Prisma.sql`total`)} AS cents
    FROM (
      SELECT id, total, price, moved_at, step,
             CASE WHEN moved_at >= expires_at THEN total ELSE sum(step) OVER (steps ROWS UNBOUNDED PRECEDING)::int END AS spent
        FROM (
          SELECT c.id, c.uses_total AS total, coalesce(t.amount_cents, 0) AS price, ${CARNET_EXPIRES_AT} AS expires_at, s.moved_at, s.step
            FROM carnets c
            LEFT JOIN transactions t ON t.id = c.transaction_id AND t.${SETTLED}
            CROSS JOIN LATERAL (
              SELECT created_at AS moved_at, 1 AS step FROM carnet_uses WHERE carnet_id = c.id
              UNION ALL SELECT returned_at, -1 FROM carnet_uses WHERE carnet_id = c.id AND returned_at IS NOT NULL
              UNION ALL SELECT ${CARNET_EXPIRES_AT}, 0 WHERE ${CARNET_EXPIRES_AT} <= now()
            ) s
        ) steps_of_carnets
      WINDOW steps AS (PARTITION BY id ORDER BY moved_at, step DESC)
    ) counted
  WINDOW steps AS (PARTITION BY id ORDER BY moved_at, step DESC)`;

async function oldIncomeByMonth() {
  return db.$queryRaw<{ month: string; membership: number; booking: number; extra: number }[]>`
    WITH income AS (
      SELECT to_char(paid_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month, CASE WHEN kind = 'booking_share' THEN 'booking' ELSE kind::text END AS source,
             CASE WHEN type = 'payment' THEN amount_cents ELSE -amount_cents END AS cents
        FROM transactions WHERE ${SETTLED}
      UNION ALL
      SELECT to_char(created_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM'), CASE WHEN membership_id IS NULL THEN 'booking' ELSE 'membership' END, -amount_cents
        FROM credit_movements WHERE kind IN ('payment', 'rain_credit')
      UNION ALL
      SELECT to_char(moved_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM'), 'booking', cents FROM (${OLD_CARNET_INCOME}) carnet_income
      UNION ALL
      SELECT to_char(date, 'YYYY-MM'), 'extra', amount_cents FROM incomes
    )
    SELECT month,
           coalesce(sum(cents) FILTER (WHERE source = 'membership'), 0)::int AS membership,
           coalesce(sum(cents) FILTER (WHERE source = 'booking'), 0)::int AS booking,
           coalesce(sum(cents) FILTER (WHERE source = 'extra'), 0)::int AS extra
      FROM income GROUP BY month ORDER BY month`;
}

async function oldLiabilities(day: string) {
  const cutoff = Prisma.sql`(${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome'`;
  const [[{ credit }], [{ carnets }]] = await Promise.all([
    db.$queryRaw<[{ credit: number }]>`SELECT coalesce(sum(amount_cents), 0)::int AS credit FROM credit_movements WHERE created_at < ${cutoff}`,
    db.$queryRaw<[{ carnets: number }]>`
      SELECT coalesce(sum(t.amount_cents - ${worthOfUses(Prisma.sql`u.spent`, Prisma.sql`t.amount_cents`, Prisma.sql`c.uses_total`)}), 0)::int AS carnets
        FROM carnets c JOIN transactions t ON t.id = c.transaction_id AND t.${SETTLED} AND t.paid_at < ${cutoff}
        CROSS JOIN LATERAL (
          SELECT (count(*) FILTER (WHERE created_at < ${cutoff}) - count(*) FILTER (WHERE returned_at < ${cutoff}))::int AS spent FROM carnet_uses WHERE carnet_id = c.id
        ) u
       WHERE c.valid_until >= ${day}::date`,
  ]);
  return { credit, carnets };
}

/** What the desk showed of each live booking: paid (shares, carnet and credit included), refunded, and its state. */
async function oldDeskMoney() {
  return db.$queryRaw<{ id: number; paid: number; refunded: number; state: string }[]>`
    SELECT m.id, m.paid, m.refunded, CASE
        WHEN m.refunded > 0 AND m.refunded >= m.paid THEN 'refunded'
        WHEN m.refunded > 0 THEN 'partially_refunded'
        WHEN m.paid >= m.price_cents THEN 'paid'
        WHEN m.status = 'pending_payment' THEN 'awaiting_online'
        ELSE 'unpaid' END AS state
    FROM (
      SELECT b.id,
        (COALESCE(SUM(t.amount_cents) FILTER (WHERE t.type = 'payment' AND t.status NOT IN ('pending', 'failed')), 0)
          + (SELECT COALESCE(SUM(p.share_cents), 0) FROM booking_players p WHERE p.booking_id = b.id AND p.paid_at IS NOT NULL AND b.status <> 'cancelled')
          + (CASE WHEN b.status <> 'confirmed' THEN 0
              WHEN EXISTS (SELECT 1 FROM carnet_uses cu WHERE cu.booking_id = b.id AND cu.returned_at IS NULL)
                THEN b.price_cents - (SELECT coalesce(sum(p.share_cents), 0) FROM booking_players p WHERE p.booking_id = b.id AND p.status <> 'dropped')
              ELSE greatest(0, -(SELECT coalesce(sum(cm.amount_cents), 0) FROM credit_movements cm
                WHERE cm.booking_id = b.id AND cm.user_id = b.user_id AND NOT EXISTS (SELECT 1 FROM booking_players p WHERE p.credit_movement_id = cm.id))) END))::int AS paid,
        COALESCE(SUM(t.amount_cents) FILTER (WHERE t.type = 'refund' AND t.status = 'completed'), 0)::int AS refunded,
        b.price_cents, b.status
      FROM bookings b LEFT JOIN transactions t ON t.booking_id = b.id
      WHERE b.status IN ('confirmed', 'pending_payment') GROUP BY b.id
    ) m ORDER BY m.id`;
}

// ---- History only the replaced tables remember, written as the code before the ledger wrote it ----

async function insertId(sql: Prisma.Sql) {
  const [row] = await db.$queryRaw<{ id: number }[]>(sql);
  return row!.id;
}

/** A Rome wall-clock instant of the season (2026). */
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+02:00`);

async function writeLegacyHistory() {
  const member = (n: number) =>
    insertId(Prisma.sql`INSERT INTO users (first_name, last_name, email, password_hash) VALUES ('Storico', ${`Socio ${n}`}, ${`storico${n}@esempio.it`}, 'not-a-login') RETURNING id`);
  const [u1, u2, u3, u4] = [await member(1), await member(2), await member(3), await member(4)];
  // The school's court, which the demo season does not book.
  const court = (await db.court.findFirstOrThrow({ where: { code: 'D1' } })).id;
  let slot = 0;
  const booking = (user: number | null, price: number, status: string, made: string) => {
    slot += 1;
    const starts = new Date(at('2026-09-01').getTime() + slot * 6 * 3_600_000);
    return insertId(Prisma.sql`
      INSERT INTO bookings (court_id, user_id, starts_at, ends_at, status, price_cents, created_at, updated_at, cancelled_at)
      VALUES (${court}, ${user}, ${starts}, ${new Date(starts.getTime() + 90 * 60_000)}, ${status}::booking_status, ${price}, ${at(made)}, ${at(made)},
              ${status === 'cancelled' ? at(made, '18:00') : null}) RETURNING id`);
  };
  const payment = (kind: string, fields: { user: number | null; amount: number; method: string; paid: Date; booking?: number | null; membership?: number | null; player?: number | null; carnetProduct?: number | null; status?: string }) =>
    insertId(Prisma.sql`
      INSERT INTO transactions (kind, type, user_id, booking_id, membership_id, booking_player_id, carnet_product_id, amount_cents, method, status, stripe_payment_intent_id, paid_at, created_at)
      VALUES (${kind}::transaction_kind, 'payment', ${fields.user}, ${fields.booking ?? null}, ${fields.membership ?? null}, ${fields.player ?? null}, ${fields.carnetProduct ?? null},
              ${fields.amount}, ${fields.method}::payment_method, ${fields.status ?? 'completed'}::payment_status,
              ${fields.method === 'stripe' ? `pi_legacy_${randomBytes(6).toString('hex')}` : null}, ${fields.paid}, ${fields.paid}) RETURNING id`);
  const refund = (of: number, kind: string, fields: { user: number | null; amount: number; method: string; paid: Date; booking?: number | null }) =>
    insertId(Prisma.sql`
      INSERT INTO transactions (kind, type, refund_of_id, user_id, booking_id, amount_cents, method, status, paid_at, created_at)
      VALUES (${kind}::transaction_kind, 'refund', ${of}, ${fields.user}, ${fields.booking ?? null}, ${fields.amount}, ${fields.method}::payment_method, 'completed', ${fields.paid}, ${fields.paid}) RETURNING id`);
  const movement = (user: number, amount: number, kind: string, when: Date, links: { transaction?: number; booking?: number; membership?: number } = {}) =>
    insertId(Prisma.sql`
      INSERT INTO credit_movements (user_id, amount_cents, kind, reason, transaction_id, booking_id, membership_id, created_at)
      VALUES (${user}, ${amount}, ${kind}::credit_movement_kind, ${kind}, ${links.transaction ?? null}, ${links.booking ?? null}, ${links.membership ?? null}, ${when}) RETURNING id`);

  // Credit: an online top-up, spent on a booking; credit + card; a hold set aside and given back; a card paid by credit.
  const topUp = await payment('credit', { user: u1, amount: 10000, method: 'stripe', paid: at('2026-06-02') });
  await movement(u1, 10000, 'top_up', at('2026-06-02'), { transaction: topUp });
  const b1 = await booking(u1, 2000, 'confirmed', '2026-06-10');
  await movement(u1, -2000, 'payment', at('2026-06-10'), { booking: b1 });
  const b2 = await booking(u1, 4000, 'confirmed', '2026-07-03');
  await movement(u1, -1500, 'payment', at('2026-07-03'), { booking: b2 });
  await payment('booking', { user: u1, amount: 2500, method: 'stripe', paid: at('2026-07-03', '10:05'), booking: b2 });
  const b3 = await booking(u1, 2000, 'expired', '2026-07-20');
  await movement(u1, -1000, 'payment', at('2026-07-20'), { booking: b3 });
  await movement(u1, 1000, 'payment', at('2026-07-20', '10:20'), { booking: b3 });
  const card = await insertId(Prisma.sql`
    INSERT INTO memberships (membership_number, user_id, type, status, start_date, end_date, original_price_cents, discount_cents, price_cents, activated_at, created_at, updated_at)
    VALUES ('T2026-90001', ${u4}, 'monthly', 'active', '2026-10-01', '2026-10-30', 3000, 0, 3000, ${at('2026-08-01')}, ${at('2026-08-01')}, ${at('2026-08-01')}) RETURNING id`);
  const topUp4 = await payment('credit', { user: u4, amount: 5000, method: 'cash', paid: at('2026-07-30') });
  await movement(u4, 5000, 'top_up', at('2026-07-30'), { transaction: topUp4 });
  await movement(u4, -3000, 'payment', at('2026-08-01'), { membership: card });

  // Corrections up and down; a rain credit; a cash refund of what a desk top-up left.
  await movement(u2, 2000, 'desk_adjustment', at('2026-07-05'));
  await movement(u2, -500, 'desk_adjustment', at('2026-07-06'));
  const b4 = await booking(u2, 2000, 'cancelled', '2026-08-10');
  const rained = await payment('booking', { user: u2, amount: 2000, method: 'stripe', paid: at('2026-08-10'), booking: b4 });
  await movement(u2, 2000, 'rain_credit', at('2026-08-10', '18:00'), { transaction: rained, booking: b4 });
  const topUp3 = await payment('credit', { user: u3, amount: 3000, method: 'cash', paid: at('2026-06-20') });
  await movement(u3, 3000, 'top_up', at('2026-06-20'), { transaction: topUp3 });
  const cashBack = await refund(topUp3, 'credit', { user: u3, amount: 1000, method: 'cash', paid: at('2026-06-25') });
  await movement(u3, -1000, 'cash_refund', at('2026-06-25'), { transaction: cashBack });

  // Carnets: one in use (a use given back), one expired with a use given back after its expiry.
  const product = await insertId(Prisma.sql`
    INSERT INTO carnet_products (name, uses, price_cents, valid_from, valid_until) VALUES ('Carnet 3 ingressi', 3, 5000, '2026-05-01', '2027-09-30') RETURNING id`);
  const sale = await payment('carnet', { user: u1, amount: 5000, method: 'cash', paid: at('2026-06-05'), carnetProduct: product });
  const carnet = await insertId(Prisma.sql`
    INSERT INTO carnets (user_id, product_id, uses_total, uses_left, valid_from, valid_until, transaction_id, created_at)
    VALUES (${u1}, ${product}, 3, 1, '2026-05-01', '2027-09-30', ${sale}, ${at('2026-06-05')}) RETURNING id`);
  const useOf = async (carnetId: number, bookingId: number, made: string, returned: string | null) =>
    db.$executeRaw`INSERT INTO carnet_uses (carnet_id, booking_id, created_at, returned_at) VALUES (${carnetId}, ${bookingId}, ${at(made)}, ${returned ? at(returned) : null})`;
  const b5 = await booking(u1, 2000, 'confirmed', '2026-06-12');
  await useOf(carnet, b5, '2026-06-12', null);
  const b6 = await booking(u1, 2000, 'cancelled', '2026-07-12');
  await useOf(carnet, b6, '2026-07-12', '2026-07-13');
  const b7 = await booking(u1, 4000, 'cancelled', '2026-08-12');
  await useOf(carnet, b7, '2026-08-12', '2026-09-05');
  // The last use takes the remainder (50 € over 3 uses: 16,66 + 16,66 + 16,68); a use given back after it un-earns the last step's worth.
  const b10 = await booking(u1, 2000, 'confirmed', '2026-08-25');
  await useOf(carnet, b10, '2026-08-25', null);
  const shortSale = await payment('carnet', { user: u2, amount: 3100, method: 'stripe', paid: at('2026-06-06'), carnetProduct: product });
  const expired = await insertId(Prisma.sql`
    INSERT INTO carnets (user_id, product_id, uses_total, uses_left, valid_from, valid_until, transaction_id, created_at)
    VALUES (${u2}, ${product}, 3, 3, '2026-05-01', '2026-08-31', ${shortSale}, ${at('2026-06-06')}) RETURNING id`);
  const b8 = await booking(u2, 2000, 'cancelled', '2026-07-15');
  await useOf(expired, b8, '2026-07-15', '2026-09-05');

  // A split booking: the organiser paid their share by card; one player by card, one by credit, a guest's
  // share charged to the organiser's credit at the deadline, one player dropped out.
  const split = await booking(u1, 2000, 'confirmed', '2026-08-20');
  await payment('booking', { user: u1, amount: 500, method: 'stripe', paid: at('2026-08-20', '10:02'), booking: split });
  const player = (user: number | null, guest: string | null, status: string, share: number) =>
    insertId(Prisma.sql`
      INSERT INTO booking_players (booking_id, user_id, guest_email, share_cents, status, created_at)
      VALUES (${split}, ${user}, ${guest}, ${share}, ${status}::booking_player_status, ${at('2026-08-20', '10:01')}) RETURNING id`);
  const p1 = await player(u2, null, 'paid', 500);
  const p2 = await player(u3, null, 'paid', 500);
  const p3 = await player(null, 'ospite@esempio.it', 'charged_to_organiser', 500);
  await player(u4, null, 'dropped', 0);
  const byCard = await payment('booking_share', { user: u2, amount: 500, method: 'stripe', paid: at('2026-08-21'), player: p1 });
  await db.$executeRaw`UPDATE booking_players SET paid_with = 'card', paid_at = ${at('2026-08-21')}, transaction_id = ${byCard} WHERE id = ${p1}`;
  const byCredit = await movement(u3, -500, 'payment', at('2026-08-22'), { booking: split });
  await db.$executeRaw`UPDATE booking_players SET paid_with = 'credit', paid_at = ${at('2026-08-22')}, credit_movement_id = ${byCredit} WHERE id = ${p2}`;
  const charged = await movement(u1, -500, 'payment', at('2026-08-30'), { booking: split });
  await db.$executeRaw`UPDATE booking_players SET paid_with = 'credit', paid_at = ${at('2026-08-30')}, credit_movement_id = ${charged} WHERE id = ${p3}`;

  // A card payment refunded in part on Stripe's side while the booking stands; a refund of a whole payment.
  const b9 = await booking(u4, 2000, 'confirmed', '2026-09-02');
  const paid9 = await payment('booking', { user: u4, amount: 2000, method: 'stripe', paid: at('2026-09-02'), booking: b9 });
  await refund(paid9, 'booking', { user: u4, amount: 500, method: 'stripe', paid: at('2026-09-03'), booking: b9 });
  await db.$executeRaw`UPDATE transactions SET status = 'partially_refunded' WHERE id = ${paid9}`;
}

describe('the ledger migration', () => {
  const before: Record<string, unknown> = {};
  const days = ['2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30'];

  beforeAll(async () => {
    await createDatabaseIfMissing(adminUrl, name);
    await migrateThrough(url, BEFORE_LEDGER);
    db = createDb(url);
    await seed(db, { nodeEnv: 'test', bcryptCost: 4, log: () => {} });
    await seedDemoVolume(db, { year: 2026, now: new Date('2026-11-23T09:00:00Z'), passwordHash: 'not-a-login', log: () => {}, books: false });
    await writeLegacyHistory();
    before.income = await oldIncomeByMonth();
    before.liabilities = await Promise.all(days.map(oldLiabilities));
    before.balances = await db.$queryRaw`SELECT user_id AS "userId", sum(amount_cents)::int AS cents FROM credit_movements GROUP BY user_id ORDER BY user_id`;
    before.desk = await oldDeskMoney();
    await migrate(url);
  }, SEEDING_MS);

  it('keeps the revenue of every month, by source, to the cent', async () => {
    expect(before.income).not.toEqual([]);
    // The school came after the ledger: none of the money before it is the school's.
    expect(await incomeByMonth(db)).toEqual((before.income as object[]).map((month) => ({ ...month, school: 0 })));
  });

  it('keeps what the centre owes its members at the end of every month: credit and unused carnets', async () => {
    const after = await Promise.all(days.map(async (day) => {
      const owed = await liabilities(db, day);
      return { credit: Math.round(Number(owed.credit) * 100), carnets: Math.round(Number(owed.carnets) * 100) };
    }));
    expect(after).toEqual(before.liabilities);
  });

  it('keeps every member’s credit balance', async () => {
    const balances = before.balances as { userId: number; cents: number }[];
    expect(balances.length).toBeGreaterThan(0);
    for (const { userId, cents } of balances) expect((await walletOf(db, userId)).balance, `member ${userId}`).toBe(cents);
  });

  it('keeps what the desk shows of every live booking: paid, refunded and its payment state', async () => {
    const desk = before.desk as { id: number; paid: number; refunded: number; state: string }[];
    expect(desk.length).toBeGreaterThan(1000);
    const bookings = await db.booking.findMany({ where: { id: { in: desk.map((row) => row.id) } }, select: { id: true, priceCents: true, status: true } });
    const money = await moneyOfBookings(db, desk.map((row) => row.id));
    const after = desk.map(({ id }) => {
      const row = money.get(id)!;
      return { id, paid: row.paid, refunded: row.returned, state: paymentStateOf(row, bookings.find((booking) => booking.id === id)!) };
    });
    expect(after).toEqual(desk);
  });

  it('hashes what each entry posted: posting one again is a replay, with another amount it is refused', async () => {
    expect(await db.ledgerEntry.count({ where: { pendingId: null, contentHash: null } })).toBe(0);
    const entries = await db.ledgerEntry.findMany({ where: { pendingId: null }, orderBy: { id: 'asc' }, take: 200, include: { postings: { include: { account: true } } } });
    expect(entries.length).toBeGreaterThan(100);
    const again = entries.map(({ postings, pendingId: _, phase, contentHash: __, ...entry }) => ({
      ...entry,
      phase: phase as 'posted' | 'pending',
      legs: postings.map((posting) => ({ account: { key: posting.account.key, kind: posting.account.kind } as AccountRef, amount: posting.amountCents })),
    }));
    const replayed = await postMany(db, again);
    expect(entries.map((entry) => replayed.get(entry.key))).toEqual(entries.map((entry) => ({ id: entry.id, created: false })));
    const [first] = again;
    await expect(post(db, { ...first!, legs: first!.legs.map((leg) => ({ ...leg, amount: leg.amount * 2 })) })).rejects.toMatchObject({ status: 409 });
  });

  it('leaves books that prove themselves: balanced entries, kept balances, one entry and one receipt per document, the tills', async () => {
    const result = await createReconciliationService({ db, stripe: null }).run();
    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
  });
});
