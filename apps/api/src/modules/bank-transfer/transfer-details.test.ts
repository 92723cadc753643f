import { describe, expect, it } from 'vitest';
import { creditorReference } from './creditor-reference.js';
import { epcPayload, transferDetails } from './transfer-details.js';

describe('EPC069-12 QR code of a transfer', () => {
  it('carries the fields of the standard in their order: service tag, version, charset, SCT, BIC, name, IBAN, amount, purpose, reference', () => {
    const reference = creditorReference('E12S2');
    const payload = epcPayload({ iban: 'IT60 X054 2811 1010 0000 0123 456', holder: 'ASD Beach Club' }, 12050, reference);
    expect(payload.split('\n')).toEqual(['BCD', '002', '1', 'SCT', '', 'ASD Beach Club', 'IT60X0542811101000000123456', 'EUR120.50', '', reference, '', '']);
  });

  it('draws the payload as an SVG and keeps the amount in the contract’s money', async () => {
    const details = await transferDetails({ iban: 'IT60X0542811101000000123456', holder: 'ASD Beach Club' }, 9000, creditorReference('D7'));
    expect(details.amount).toBe('90.00');
    expect(details.qr_svg).toMatch(/^<svg[^>]+viewBox/);
  });
});
