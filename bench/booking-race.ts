// 200 members press "Prenota e paga" on the same court and slot at the same moment: exactly one gets
// it, 199 get the 409 message, none a 5xx — the database's exclusion constraint decides.
// Run: pnpm bench:booking-race
import { performance } from 'node:perf_hooks';
import { book, oneWinner, rushMembers } from './lib/members-rush.js';
import { startBenchApiWithStripe } from './lib/stripe-api.js';

const MEMBERS = 200;

const api = await startBenchApiWithStripe({ WORKERS: 'off' });
const { court, tokens } = await rushMembers(api, MEMBERS);
const tomorrow = new Date(Date.parse(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()) + 'T12:00:00Z') + 86_400_000).toISOString().slice(0, 10);

const started = performance.now();
const answers = await Promise.all(tokens.map((token) => book(api.url, token, { court_id: court, date: tomorrow, start: '18:00', slots: 1 })));
const elapsed = performance.now() - started;
const { successes, conflicts, serverErrors, other, ok } = oneWinner(answers);
console.log(`${MEMBERS} richieste simultanee per C3 alle 18:00 di domani, in ${(elapsed / 1000).toFixed(2)} s`);
console.log(`successi: ${successes}  409: ${conflicts}  5xx: ${serverErrors}  altro: ${other}`);
console.log(ok ? 'OK: esattamente 1 / 199 / 0' : 'ATTESO: 1 / 199 / 0');
await api.stop();
if (!ok) process.exitCode = 1;
