// The tournaments' scheduler: pure functions over plain data (no database, no draw module).
export * from './types.js';
export { sunsetOn, violations } from './rules.js';
export { lowerBoundMinutes, moveMatch, schedule } from './schedule.js';
