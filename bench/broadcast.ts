// Bulk e-mail to 500 card holders through a loopback SMTP server at a configured 50 per second:
// the rate measured by the API and by the arrivals at the server, and the total time.
// Target: within ±5 % of the configured rate.  Run: pnpm bench:broadcast (BROADCAST_KIND=newsletter: a
// newsletter, each message with its signed unsubscribe link and headers, to holders who all consented).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { seedCardHolders } from './lib/card-holders.js';
import { startMailCatcher } from '@beach/api/testing';
import { startBenchApi } from './lib/api-server.js';

const RECIPIENTS = 500;
const RATE = 50;
const KIND = process.env.BROADCAST_KIND === 'newsletter' ? 'newsletter' : 'service';

const mail = await startMailCatcher();
const arrivals: number[] = [];
const originalPush = mail.messages.push.bind(mail.messages);
mail.messages.push = (...items) => {
  for (let i = 0; i < items.length; i++) arrivals.push(performance.now());
  return originalPush(...items);
};
const api = await startBenchApi({ SMTP_URL: mail.url, MAIL_RATE_PER_SECOND: String(RATE), MAIL_BATCH_SIZE: '50' });
await seedCardHolders(api.databaseUrl, RECIPIENTS);
if (KIND === 'newsletter') {
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  await client.query(`INSERT INTO member_consents (user_id, newsletter) SELECT id, true FROM users WHERE email LIKE 'destinatario%@esempio.it'`);
  await client.end();
}

const headers = { ...(await api.login('admin@demo.beach')), 'Content-Type': 'application/json' };
const started = performance.now();
const response = await fetch(`${api.url}/api/admin/broadcast-email`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ kind: KIND, recipient_type: 'all', subject: 'Prova di invio', message: 'Messaggio di prova del benchmark.' }),
});
const { id, total } = (await response.json()) as { id: number; total: number };
let result: { status: string; sent_count: number; failed_count: number; average_rate_per_second: number; duration_minutes: number; aws_ses_stats: unknown };
do {
  await new Promise((resolve) => setTimeout(resolve, 250));
  result = (await (await fetch(`${api.url}/api/admin/broadcast-email/${id}`, { headers })).json()) as typeof result;
} while (result.status !== 'completed');
const elapsed = (performance.now() - started) / 1000;
while (arrivals.length < result.sent_count) await new Promise((resolve) => setTimeout(resolve, 50));

const arrivalRate = (arrivals.length - 1) / ((arrivals.at(-1)! - arrivals[0]!) / 1000);
console.log(`Tipo: ${KIND}; destinatari: ${total}; inviati ${result.sent_count}, non riusciti ${result.failed_count}`);
console.log(`Ritmo configurato: ${RATE}/s`);
console.log(`Ritmo misurato dall'API (consegne al server): ${result.average_rate_per_second.toFixed(2)}/s (${(((result.average_rate_per_second - RATE) / RATE) * 100).toFixed(1)} %)`);
console.log(`Ritmo misurato all'arrivo sul server SMTP: ${arrivalRate.toFixed(2)}/s (${(((arrivalRate - RATE) / RATE) * 100).toFixed(1)} %)`);
console.log(`Tempo totale dalla richiesta all'ultimo invio: ${elapsed.toFixed(1)} s (atteso ≈ ${(total / RATE).toFixed(1)} s); statistiche: ${JSON.stringify(result.aws_ses_stats)}`);

await api.stop();
await mail.close();
