import { RAIN_CHECK_OUTCOME_LABELS, RAIN_CHECK_PAID_WITH_LABELS, RAIN_CHECK_RETURN_LABELS, RAIN_CHECK_STATUS_LABELS } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { expect, it } from 'vitest';
import { OUTCOME_NAMES, PAID_WITH_NAMES, RETURN_NAMES, STATUS_NAMES } from './labels';

const sources = (table: Record<string, MessageDescriptor>) => Object.fromEntries(Object.entries(table).map(([code, label]) => [code, label.message]));

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
it('names a rain check’s returns, payments, outcomes and states with the contracts’ Italian, for every code', () => {
  expect(sources(RETURN_NAMES)).toEqual(RAIN_CHECK_RETURN_LABELS);
  expect(sources(PAID_WITH_NAMES)).toEqual(RAIN_CHECK_PAID_WITH_LABELS);
  expect(sources(OUTCOME_NAMES)).toEqual(RAIN_CHECK_OUTCOME_LABELS);
  expect(sources(STATUS_NAMES)).toEqual(RAIN_CHECK_STATUS_LABELS);
});
