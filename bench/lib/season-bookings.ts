// 100,000 confirmed bookings over three seasons for the booking benches: one slot of one court on one
// day, May to September of last, this and next year, never overlapping; a third paid in cash. Their books
// are posted as the application keeps them (each price owed, each payment settling it): the ledger's
// history function.
import type pg from 'pg';

export const SEASON_BOOKINGS = 100_000;

export async function fillSeasons(client: pg.Pool, year: number) {
  await client.query(`
    WITH member AS (SELECT id FROM users WHERE email = 'utente@demo.beach'),
         courts AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM courts),
         plan AS (
           SELECT i, i % 21 AS court_n, (i / 21) % 10 AS slot, i / 210 AS day_n FROM generate_series(0, ${SEASON_BOOKINGS - 1}) i)
    INSERT INTO bookings (court_id, user_id, starts_at, ends_at, status, price_cents)
    SELECT c.id, (SELECT id FROM member),
           ((make_date(${year - 1} + p.day_n / 153, 5, 1) + (p.day_n % 153)) + make_interval(mins => 540 + 90 * p.slot)) AT TIME ZONE 'Europe/Rome',
           ((make_date(${year - 1} + p.day_n / 153, 5, 1) + (p.day_n % 153)) + make_interval(mins => 630 + 90 * p.slot)) AT TIME ZONE 'Europe/Rome',
           'confirmed', 2000
    FROM plan p JOIN courts c ON c.n = p.court_n`);
  await client.query(`
    INSERT INTO transactions (kind, type, booking_id, user_id, amount_cents, method, status, paid_at)
    SELECT 'booking', 'payment', id, user_id, price_cents, 'cash', 'completed', starts_at FROM bookings WHERE id % 3 = 0`);
  await client.query('SELECT ledger_post_history()');
  await client.query('ANALYZE');
}
