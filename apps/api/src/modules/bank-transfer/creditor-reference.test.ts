import { describe, expect, it } from 'vitest';
import { creditorReference, findCreditorReference, isValidCreditorReference, owedOf, referenceOf } from './creditor-reference.js';

describe('ISO 11649 creditor references', () => {
  it('computes the check digits of the standard’s own example and of ours', () => {
    // The example of ISO 11649 (and of the EPC's guidance): RF18 5390 0754 7034.
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(isValidCreditorReference('RF18539007547034')).toBe(true);
    expect(isValidCreditorReference('RF19539007547034')).toBe(false);
    expect(isValidCreditorReference(referenceOf({ kind: 'enrolment', id: 12, seq: 2 }))).toBe(true);
  });

  it('reads a reference back from a transfer’s free text, with spaces as banking apps print it, and what it pays', () => {
    const reference = referenceOf({ kind: 'enrolment', id: 4711, seq: 3 });
    const spaced = reference.match(/.{1,4}/g)!.join(' ');
    expect(findCreditorReference(`Bonifico a vostro favore ${spaced} Rossi camp`)).toBe(reference);
    expect(owedOf(reference)).toEqual({ kind: 'enrolment', id: 4711, seq: 3 });
    expect(owedOf(referenceOf({ kind: 'debt', userId: 9 }))).toEqual({ kind: 'debt', userId: 9 });
    expect(owedOf(referenceOf({ kind: 'membership', id: 31 }))).toEqual({ kind: 'membership', id: 31 });
    expect(owedOf(referenceOf({ kind: 'tournament', playerId: 77 }))).toEqual({ kind: 'tournament', playerId: 77 });
    expect(findCreditorReference(`saldo tessera ${referenceOf({ kind: 'membership', id: 31 })}`)).toBe(referenceOf({ kind: 'membership', id: 31 }));
    expect(findCreditorReference('RF19 5390 0754 7034 saldo')).toBeNull();
    expect(owedOf('RF18539007547034')).toBeNull();
  });
});
