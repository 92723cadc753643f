import { COURT_PURPOSE_INFO, MEMBERSHIP_STATUS_LABELS, MEMBERSHIP_TYPE_LABELS, PRICE_INFO } from '@beach/contracts';
import { describe, expect, it } from 'vitest';
import * as labels from './display-labels';

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
describe('display labels', () => {
  it('have the contracts’ Italian as their source, for every code', () => {
    const sources = (table: Record<string, Record<string, { message?: string }>>) =>
      Object.fromEntries(Object.entries(table).map(([code, messages]) => [code, Object.values(messages).map((message) => message.message)]));
    const contract = (table: Record<string, Record<string, unknown>>, fields: string[]) =>
      Object.fromEntries(Object.entries(table).map(([code, info]) => [code, fields.map((field) => info[field])]));
    expect(sources(labels.PRICE_LABELS)).toEqual(contract(PRICE_INFO, ['label', 'detail']));
    expect(sources(labels.COURT_PURPOSE_LABELS)).toEqual(contract(COURT_PURPOSE_INFO, ['label', 'description']));
    const names = (table: Record<string, { message?: string }>) => Object.fromEntries(Object.entries(table).map(([code, message]) => [code, message.message]));
    expect(names(labels.MEMBERSHIP_TYPE_LABELS)).toEqual(MEMBERSHIP_TYPE_LABELS);
    expect(names(labels.MEMBERSHIP_STATUS_LABELS)).toEqual(MEMBERSHIP_STATUS_LABELS);
  });
});
