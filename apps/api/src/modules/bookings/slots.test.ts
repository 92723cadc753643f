// The day's slots are read with one Rome offset: on the days the clocks change, each slot still starts
// at its Rome wall-clock time.
import { SLOTS } from '@beach/contracts';
import { describe, expect, it } from 'vitest';
import { instantInRome } from '../../lib/time.js';
import { slotsOf } from './slots.js';

describe('slotsOf', () => {
  it.each(['2027-03-28', '2027-10-31', '2027-07-15', '2027-01-10'])('starts every slot of %s at its Rome time, the last ending at midnight', (date) => {
    const slots = slotsOf(date);
    expect(slots.map((slot) => slot.startsAt)).toEqual(SLOTS.map((slot) => instantInRome(date, slot.start)));
    expect(slots.at(-1)!.endsAt).toEqual(instantInRome(date, '24:00'));
  });
});
