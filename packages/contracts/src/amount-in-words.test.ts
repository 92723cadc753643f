// Amounts in Italian words, as the desk's confirmation of a large amount says them.
import { describe, expect, it } from 'vitest';
import { centsInItalianWords, numberInItalianWords } from './amount-in-words.js';

describe('amounts in Italian words', () => {
  it('writes numbers as one word, with the elisions and the accent', () => {
    expect([1, 3, 21, 23, 38, 100, 108, 180, 203, 1000, 1003, 1200, 2000, 21_000, 1_000_000, 2_500_000].map(numberInItalianWords)).toEqual([
      'uno', 'tre', 'ventuno', 'ventitré', 'trentotto', 'cento', 'centotto', 'centottanta', 'duecentotré', 'mille', 'milletré', 'milleduecento', 'duemila', 'ventunomila', 'unmilione', 'duemilionicinquecentomila',
    ]);
  });

  it('says euros and cents', () => {
    expect(centsInItalianWords(100_000)).toBe('mille euro');
    expect(centsInItalianWords(1050)).toBe('dieci euro e 50 centesimi');
    expect(centsInItalianWords(1)).toBe('zero euro e 1 centesimo');
  });
});
