// The tournaments' scheduler on real draw shapes (no database): for each day the matches, the courts,
// how many found room, the day's length (first start → last end) against the lower bound (total match
// minutes ÷ courts), a bound that counts the feeders and each player's own matches too
// (`dependencyBoundMinutes`), and the time `schedule` takes (median of 20 runs after 5 of warm-up).
// Run: pnpm bench:tournament-schedule
import { performance } from 'node:perf_hooks';
import { dependencyBoundMinutes, lowerBoundMinutes, schedule, type ScheduleInput } from '../apps/api/src/modules/tournaments/schedule/index.js';
import { courtsOn, kingOfTheBeach, kingOfTheBeachRounds, poolsThenKnockout, singleElimination } from '../apps/api/src/modules/tournaments/schedule/sample-draws.js';

const RUNS = 20;
const WARM_UP = 5;
const DATE = '2027-07-10';
const courts = (count: number, unlit: number) => Array.from({ length: count }, (_, i) => ({ courtId: i + 1, lit: i < count - unlit }));

const days: { name: string; input: ScheduleInput }[] = [
  {
    name: '24 coppie: 6 gironi da 4 + tabellone a 16 con 3° posto, 45 min, 9–20',
    input: { matches: poolsThenKnockout({ pairs: 24, poolSize: 4, knockoutPairs: 16, minutes: 45, thirdPlace: true }), courts: courtsOn(DATE, courts(4, 1), '09:00', '20:00'), restMinutes: 20 },
  },
  {
    name: 'le stesse, campi aperti fino alle 23',
    input: { matches: poolsThenKnockout({ pairs: 24, poolSize: 4, knockoutPairs: 16, minutes: 45, thirdPlace: true }), courts: courtsOn(DATE, courts(4, 1), '09:00', '23:00'), restMinutes: 20 },
  },
  {
    name: 'le stesse, tabellone a set unico (25 min), 9–20',
    input: { matches: poolsThenKnockout({ pairs: 24, poolSize: 4, knockoutPairs: 16, minutes: 45, knockoutMinutes: 25, thirdPlace: true }), courts: courtsOn(DATE, courts(4, 1), '09:00', '20:00'), restMinutes: 20 },
  },
  {
    name: '16 coppie, eliminazione diretta con 3° posto, 45 min, 9–20',
    input: { matches: singleElimination(16, 45, true), courts: courtsOn(DATE, courts(4, 1), '09:00', '20:00'), restMinutes: 20 },
  },
  {
    name: 'King of the Beach, 24 giocatori (6 gironi + girone finale), 25 min, 9–20',
    input: { matches: kingOfTheBeach(24, 25), courts: courtsOn(DATE, courts(4, 1), '09:00', '20:00'), restMinutes: 15 },
  },
  {
    name: 'King of the Beach a 4 turni di gironi (non è la formula del sorteggio), 24 giocatori, 25 min, 9–20',
    input: { matches: kingOfTheBeachRounds(24, 25), courts: courtsOn(DATE, courts(4, 1), '09:00', '20:00'), restMinutes: 15 },
  },
  {
    name: '48 coppie: 12 gironi da 4 + tabellone a 32, 45 min, 8 campi 8–23',
    input: { matches: poolsThenKnockout({ pairs: 48, poolSize: 4, knockoutPairs: 32, minutes: 45, thirdPlace: true }), courts: courtsOn(DATE, courts(8, 2), '08:00', '23:00'), restMinutes: 20 },
  },
];

const hours = (minutes: number) => `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;

console.log(`Giorno: ${DATE}; riposo 20 min (15 nel King of the Beach), cambio campo 5 min, orari a passi di 5 min; l'ultimo campo non è illuminato.\n`);
for (const { name, input } of days) {
  let result = schedule(input);
  for (let i = 0; i < WARM_UP; i++) schedule(input);
  const timings: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = schedule(input);
    timings.push(performance.now() - started);
  }
  const median = timings.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const starts = result.placed.map((placement) => placement.startsAt.getTime());
  const ends = result.placed.map((placement) => placement.endsAt.getTime());
  const length = Math.round((Math.max(...ends) - Math.min(...starts)) / 60_000);
  const bound = lowerBoundMinutes(input);
  const withFeeders = dependencyBoundMinutes(input);
  const courtCount = new Set(input.courts.map((hours) => hours.courtId)).size;
  console.log(name);
  console.log(
    `  ${input.matches.length} partite, ${courtCount} campi, ${result.placed.length} in programma` +
      (result.unplaced.length > 0 ? ` (senza posto: ${result.unplaced.join(', ')})` : '') +
      `; giornata ${hours(length)}; limite inferiore ${hours(bound)}, rapporto ${(length / bound).toFixed(2)}` +
      `; con le dipendenze ${hours(withFeeders)}, rapporto ${(length / withFeeders).toFixed(2)}; schedule ${median.toFixed(1)} ms`,
  );
}
