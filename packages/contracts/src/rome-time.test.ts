// Rome wall-clock times to instants (closures are typed as Rome days and hours), across DST.
import { describe, expect, it } from 'vitest';
import { romeInstant } from './rome-time.js';

describe('romeInstant', () => {
  it('uses summer time (UTC+2) and winter time (UTC+1)', () => {
    expect(romeInstant('2026-07-10', '09:00')).toBe('2026-07-10T07:00:00.000Z');
    expect(romeInstant('2026-11-23', '09:00')).toBe('2026-11-23T08:00:00.000Z');
  });

  it('reads 24:00 as the next midnight, and gets the days DST changes right', () => {
    expect(romeInstant('2026-11-23', '24:00')).toBe('2026-11-23T23:00:00.000Z');
    expect(romeInstant('2026-03-29', '09:00')).toBe('2026-03-29T07:00:00.000Z');
    expect(romeInstant('2026-10-25', '09:00')).toBe('2026-10-25T08:00:00.000Z');
  });
});
