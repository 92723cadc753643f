import { CERTIFICATE_KIND_LABELS, CERTIFICATE_STATE_LABELS } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_KIND_NAMES, CERTIFICATE_STATE_NAMES } from './certificate-labels';

const sources = (table: Record<string, MessageDescriptor>) => Object.fromEntries(Object.entries(table).map(([code, name]) => [code, name.message]));

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
describe('certificate labels', () => {
  it('have the contracts’ Italian as their source, for every code', () => {
    expect(sources(CERTIFICATE_KIND_NAMES)).toEqual(CERTIFICATE_KIND_LABELS);
    expect(sources(CERTIFICATE_STATE_NAMES)).toEqual(CERTIFICATE_STATE_LABELS);
  });
});
