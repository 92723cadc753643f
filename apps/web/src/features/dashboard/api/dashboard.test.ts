import { describe, expect, it } from 'vitest';
import { sixMonthRange } from './dashboard';

describe('the chart range (the last 6 months)', () => {
  it('runs from the first day five months back to the last day of this month', () => {
    expect(sixMonthRange('2026-11-23')).toEqual({ date_from: '2026-06-01', date_to: '2026-11-30' });
    expect(sixMonthRange('2026-03-31')).toEqual({ date_from: '2025-10-01', date_to: '2026-03-31' });
    expect(sixMonthRange('2028-02-01')).toEqual({ date_from: '2027-09-01', date_to: '2028-02-29' });
  });
});
