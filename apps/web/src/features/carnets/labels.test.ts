import { BOOKING_COUPON_BAND_LABELS, CARNET_COVER_LABELS as CONTRACT_COVER_LABELS } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { BAND_LABELS, CARNET_COVER_LABELS, USE_PAYS } from './labels';

const sources = (table: Record<string, MessageDescriptor>) => Object.fromEntries(Object.entries(table).map(([code, label]) => [code, label.message]));

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
describe('carnet labels', () => {
  it('have the contracts’ Italian as their source, for every code', () => {
    expect(sources(CARNET_COVER_LABELS)).toEqual(CONTRACT_COVER_LABELS);
    expect(sources(BAND_LABELS)).toEqual(BOOKING_COUPON_BAND_LABELS);
  });

  it('say what one use pays with the cover’s label, lowered, as the Italian sentence always read', () => {
    const sentences = Object.fromEntries(Object.entries(CONTRACT_COVER_LABELS).map(([code, label]) => [code, `un ingresso paga ${label.toLowerCase()}`]));
    expect(sources(USE_PAYS)).toEqual(sentences);
  });
});
