import { expect, it } from 'vitest';
import { i18nFor } from './node.ts';

it('gives one instance per language, Italian for an unknown one', () => {
  expect(i18nFor('de').locale).toBe('de');
  expect(i18nFor('en').locale).toBe('en');
  expect(i18nFor('fr')).toBe(i18nFor('it'));
  expect(i18nFor(null).locale).toBe('it');
  // A message not yet in a catalogue falls back to its Italian source, never to the id.
  expect(i18nFor('de')._({ id: 'test.unknown', message: 'Ciao {name}', values: { name: 'Anna' } })).toBe('Ciao Anna');
});
