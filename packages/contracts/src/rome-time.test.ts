// Rome wall-clock times to instants (closures are typed as Rome days and hours), across DST.
import { describe, expect, it, vi } from 'vitest';
import { romeToday } from './age.js';
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

describe('the clock read once per minute asked for', () => {
  // The day's grid asks for the same instants on every request; Intl's formatting is the dearest step.
  it('answers an instant asked for before without formatting it again, the same answer', () => {
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const first = romeInstant('2031-07-15', '09:00');
    const formattedOnce = formatToParts.mock.calls.length;
    expect(formattedOnce).toBeGreaterThan(0);
    expect(romeInstant('2031-07-15', '09:00')).toBe(first);
    expect(formatToParts.mock.calls.length).toBe(formattedOnce);
    formatToParts.mockRestore();
  });

  it("gives today's date from the minute already read, and the next day after midnight", () => {
    // `format` is a getter on Intl's prototype (it hands out a bound function): each call reads it once.
    const format = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: unknown }, 'format', 'get');
    expect(romeToday(new Date('2031-07-15T21:59:10Z'))).toBe('2031-07-15');
    expect(romeToday(new Date('2031-07-15T21:59:50Z'))).toBe('2031-07-15');
    expect(format.mock.calls.length).toBe(1);
    expect(romeToday(new Date('2031-07-15T22:00:00Z'))).toBe('2031-07-16');
    format.mockRestore();
  });
});
