import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { expect, it } from 'vitest';
import { formatter } from './po-formatter.ts';

it('shows an explicit id its Italian source as a comment, and reads the file back without it', async () => {
  const po = formatter();
  const generated = generateMessageId('Esci');
  const catalog = {
    'validation.required': { message: 'Campo obbligatorio.', translation: 'Pflichtfeld.', comments: [], origin: [] },
    [generated]: { message: 'Esci', translation: 'Abmelden', comments: [], origin: [] },
  };
  const context = { locale: 'de', sourceLocale: 'it', filename: 'de.po', existing: null };
  const text = String(await po.serialize(catalog as never, context as never));
  expect(text).toMatch(/#\. it: Campo obbligatorio\.\n(#.*\n)*msgid "validation.required"/);
  expect(text.match(/#\. it: /g)).toHaveLength(1);
  const parsed = (await po.parse(text, context as never)) as Record<string, { comments?: string[]; translation?: string }>;
  expect(parsed['validation.required']!.comments).toEqual([]);
  expect(parsed['validation.required']!.translation).toBe('Pflichtfeld.');
  expect(Object.values(parsed).some((entry) => entry.translation === 'Abmelden')).toBe(true);
});

it('writes the Italian file from the code: a text changed there replaces the old one', async () => {
  const po = formatter();
  const catalog = { 'privacy.erased': { message: 'I tuoi dati sono stati cancellati.', translation: 'I tuoi dati personali sono stati cancellati.', comments: [], origin: [] } };
  const text = String(await po.serialize(catalog as never, { locale: 'it', sourceLocale: 'it', filename: 'it.po', existing: null } as never));
  expect(text).toContain('msgid "privacy.erased"\nmsgstr "I tuoi dati sono stati cancellati."');
  // Another language keeps its translation.
  const german = String(await po.serialize(catalog as never, { locale: 'de', sourceLocale: 'it', filename: 'de.po', existing: null } as never));
  expect(german).toContain('msgstr "I tuoi dati personali sono stati cancellati."');
});
