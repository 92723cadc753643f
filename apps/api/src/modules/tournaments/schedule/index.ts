// The tournaments' scheduler: pure functions over plain data (no database, no draw module).
export * from './types.js';
export { violations } from './rules.js';
export { sunsetOn } from '../../../lib/daylight.js';
export { moveMatch, schedule } from './schedule.js';
export { dependencyBoundMinutes, lowerBoundMinutes } from './bounds.js';
