import { BOOKING_PAID_WITH_LABELS, BOOKING_STATUS_LABELS, SPORT_LABELS } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { expect, it } from 'vitest';
import { BOOKING_PAID_WITH_NAMES, BOOKING_STATUS_NAMES, SPORT_NAMES } from './labels';

const sources = (table: Record<string, MessageDescriptor>) => Object.fromEntries(Object.entries(table).map(([code, label]) => [code, label.message]));

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
it('names sports, statuses and payments with the contracts’ Italian, for every code', () => {
  expect(sources(SPORT_NAMES)).toEqual(SPORT_LABELS);
  expect(sources(BOOKING_STATUS_NAMES)).toEqual(BOOKING_STATUS_LABELS);
  expect(sources(BOOKING_PAID_WITH_NAMES)).toEqual(BOOKING_PAID_WITH_LABELS);
});
