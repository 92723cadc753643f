import { CONSENT_LABELS } from '@beach/contracts';
import { describe, expect, it } from 'vitest';
import { CONSENT_NAMES } from './consent-labels';

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
describe('consent labels', () => {
  it('have the contracts’ Italian as their source, for every kind', () => {
    expect(Object.fromEntries(Object.entries(CONSENT_NAMES).map(([kind, name]) => [kind, name.message]))).toEqual(CONSENT_LABELS);
  });
});
