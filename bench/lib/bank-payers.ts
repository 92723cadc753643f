// What a year of bank statements can match, made before the clock starts: members whose cards wait for their
// payment by transfer (each card's price owed, posted by the ledger's own history function), and Stripe's
// weekly payouts on the test double, of what card payments brought into its balance.
import type { StripeDouble } from '@beach/stripe-double';
import pg from 'pg';

export interface CardOwed {
  userId: number;
  /** The payer's name as their bank writes it: surname first, upper case. */
  counterparty: string;
  cents: number;
}

/** A surname of letters only, one per index (the matching reads a counterparty's words of letters). */
const surnameOf = (index: number) => {
  let letters = '';
  for (let rest = index; letters === '' || rest > 0; rest = Math.floor(rest / 26)) letters = String.fromCharCode(97 + (rest % 26)) + letters;
  return `Bonificante${letters}`;
};

/** `count` members, each with a seasonal card waiting for its price (20–59 €) and a surname nobody else has. */
export async function seedCardsOwed(databaseUrl: string, count: number): Promise<CardOwed[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const surnames = Array.from({ length: count }, (_, index) => surnameOf(index));
    const { rows } = await client.query<{ id: number; last_name: string; price_cents: number }>(
      `WITH payers AS (
         INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at)
         SELECT 'Paola', surname, lower(surname) || '@esempio.it', 'x', now() FROM unnest($1::text[]) AS surname
         RETURNING id, last_name),
       cards AS (
         INSERT INTO memberships (membership_number, user_id, type, status, start_date, end_date, original_price_cents, price_cents)
         SELECT 'B2030-' || lpad(id::text, 6, '0'), id, 'seasonal', 'pending', '2030-05-01', '2030-09-30', 2000 + (id % 40) * 100, 2000 + (id % 40) * 100 FROM payers
         RETURNING user_id, price_cents)
       SELECT payers.id, payers.last_name, cards.price_cents FROM payers JOIN cards ON cards.user_id = payers.id ORDER BY payers.id`,
      [surnames],
    );
    await client.query('SELECT ledger_post_history()');
    return rows.map((row) => ({ userId: row.id, counterparty: `${row.last_name} Paola`.toUpperCase(), cents: row.price_cents }));
  } finally {
    await client.end();
  }
}

/** A week's card payments into Stripe's balance, paid out (less Stripe's fee) arriving on each of `days`: the payouts. */
export function weeklyPayouts(stripe: StripeDouble, days: string[]) {
  return days.map((day, week) => {
    stripe.addPaymentIntent({ amount: 150_000 + week * 1_337 });
    return stripe.payOutBalance({ fee: 2_100 + week * 7, arrivalDate: Math.floor(Date.parse(`${day}T08:00:00Z`) / 1000) });
  });
}
