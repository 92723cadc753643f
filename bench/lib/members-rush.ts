// Many members pressing "Prenota e paga" at once, for the booking benches: members with a cheap
// password hash, their tokens, one booking request each, and the one-winner rule of the database's
// exclusion constraint (exactly 1 booking, every other request the 409 message, no 5xx).
import bcrypt from 'bcrypt';
import pg from 'pg';

const PASSWORD = 'Bench2026!';
export const TAKEN_MESSAGE = 'Questo orario è appena stato prenotato da un altro utente.';

/** `count` members who can book any day of the year (the season opened to the whole year), logged in. */
export async function rushMembers(api: { url: string; databaseUrl: string }, count: number) {
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  // A cheap hash (cost 4) so that the logins take seconds, not a minute; the API checks it the same way.
  const hash = await bcrypt.hash(PASSWORD, 4);
  await client.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at)
     SELECT 'Socio', 'Gara' || i, 'gara' || i || '@esempio.it', $1, now() FROM generate_series(1, ${count}) i`,
    [hash],
  );
  await client.query("UPDATE settings SET season_start = '01-01', season_end = '12-31'");
  const court = (await client.query("SELECT id FROM courts WHERE code = 'C3'")).rows[0].id as number;
  await client.end();
  const tokens = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await fetch(`${api.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `gara${index + 1}@esempio.it`, password: PASSWORD }) });
      if (!response.ok) throw new Error(`login ${index + 1}: ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    }),
  );
  return { court, tokens };
}

/** One "Prenota e paga": the status and the message of the answer. */
export async function book(url: string, token: string, body: { court_id: number; date: string; start: string; slots: number }) {
  const response = await fetch(`${url}/api/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { message?: string };
  return { status: response.status, message: answer.message };
}

/** Successes, 409s with the message, 5xx and anything else; `ok` when exactly one member got the slot. */
export function oneWinner(answers: { status: number; message?: string }[]) {
  const successes = answers.filter(({ status }) => status === 201).length;
  const conflicts = answers.filter(({ status, message }) => status === 409 && message === TAKEN_MESSAGE).length;
  const serverErrors = answers.filter(({ status }) => status >= 500).length;
  const other = answers.length - successes - conflicts - serverErrors;
  return { successes, conflicts, serverErrors, other, ok: successes === 1 && conflicts === answers.length - 1 && serverErrors === 0 };
}
