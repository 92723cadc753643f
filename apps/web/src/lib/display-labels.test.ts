import { COURT_PURPOSE_INFO, MEMBERSHIP_TYPE_LABELS, PRICE_INFO } from '@beach/contracts';
import { describe, expect, it } from 'vitest';
import { COURT_PURPOSE_LABELS, MEMBERSHIP_TYPE_NAMES, PRICE_LABELS } from './display-labels';

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
describe('display labels', () => {
  it('have the contracts’ Italian as their source, for every code', () => {
    const sources = (table: Record<string, Record<string, { message?: string }>>) =>
      Object.fromEntries(Object.entries(table).map(([code, messages]) => [code, Object.values(messages).map((message) => message.message)]));
    const contract = (table: Record<string, Record<string, unknown>>, fields: string[]) =>
      Object.fromEntries(Object.entries(table).map(([code, info]) => [code, fields.map((field) => info[field])]));
    expect(sources(PRICE_LABELS)).toEqual(contract(PRICE_INFO, ['label', 'detail']));
    expect(sources(COURT_PURPOSE_LABELS)).toEqual(contract(COURT_PURPOSE_INFO, ['label', 'description']));
    expect(Object.fromEntries(Object.entries(MEMBERSHIP_TYPE_NAMES).map(([type, name]) => [type, name.message]))).toEqual(MEMBERSHIP_TYPE_LABELS);
  });
});
