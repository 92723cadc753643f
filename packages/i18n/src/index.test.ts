import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, isLocale, LOCALE_NAMES, LOCALES, negotiateLocale } from './index.ts';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'it'],
    ['', 'it'],
    ['de-CH,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9', 'it'],
    ['fr-FR,fr;q=0.9,en;q=0.5,de;q=0.4', 'en'],
    ['en;q=0.3, de;q=0.7', 'de'],
    ['de;q=0, en', 'en'],
    ['DE-at', 'de'],
    ['*', 'it'],
    ['en;q=abc, it;q=0.2', 'it'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});

describe('locales', () => {
  it('name and tag every language, Italian first', () => {
    expect(LOCALES[0]).toBe('it');
    for (const locale of LOCALES) {
      expect(LOCALE_NAMES[locale]).toBeTruthy();
      expect(INTL_LOCALE[locale]).toMatch(new RegExp(`^${locale}-[A-Z]{2}$`));
    }
    expect(isLocale('de')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
