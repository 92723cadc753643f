import pg from 'pg';

/**
 * `count` members with an active 2030 card, e-mails destinatarioN@esempio.it: the bulk e-mail's audience.
 * The cards' books (each price owed) are posted by the ledger's history function.
 */
export async function seedCardHolders(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      WITH holders AS (
        INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at)
        SELECT 'Socio', 'Numero' || i, 'destinatario' || i || '@esempio.it', 'x', now() FROM generate_series(1, ${Number(count)}) i
        RETURNING id)
      INSERT INTO memberships (membership_number, user_id, type, status, start_date, end_date, original_price_cents, price_cents, activated_at)
      SELECT 'E2030-' || lpad(id::text, 6, '0'), id, 'seasonal', 'active', '2030-05-01', '2030-09-30', 6000, 6000, now() FROM holders`);
    await client.query('SELECT ledger_post_history()');
  } finally {
    await client.end();
  }
}
