import { CREDIT_MOVEMENT_LABELS, CREDIT_REFUND_METHOD_LABELS, DEBT_SETTLE_METHOD_LABELS, DESK_TOP_UP_METHOD_LABELS } from '@beach/contracts';
import { describe, expect, it } from 'vitest';
import * as labels from './labels';

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
describe('credit labels', () => {
  it('have the contracts’ Italian as their source, for every code', () => {
    const contracts = { CREDIT_MOVEMENT_LABELS, DESK_TOP_UP_METHOD_LABELS, CREDIT_REFUND_METHOD_LABELS, DEBT_SETTLE_METHOD_LABELS };
    for (const table of Object.keys(contracts) as (keyof typeof contracts)[]) {
      expect(Object.fromEntries(Object.entries(labels[table]).map(([code, label]) => [code, label.message]))).toEqual(contracts[table]);
    }
  });
});
