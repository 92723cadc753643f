import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { argumentsOf, divergentTranslations, placeholderProblems } from './check-placeholders.ts';

const entry = (id: string, translation: string) => `msgid "${id}"\nmsgstr "${translation}"\n`;

it('reads arguments with their kind, inside plural branches too', () => {
  expect(argumentsOf('Ciao {name}, hai {count, plural, one {# campo a {time}} other {# campi}}')).toEqual(['count:plural', 'name', 'time']);
});

it('flags a renamed argument and a lost plural, not a faithful translation', () => {
  const root = mkdtempSync(join(tmpdir(), 'placeholders-'));
  mkdirSync(join(root, 'shell'));
  const plural = '{count, plural, one {# campo} other {# campi}}';
  writeFileSync(join(root, 'shell', 'it.po'), [entry('Ciao {name}', 'Ciao {name}'), entry(plural, plural), entry('Esci', 'Esci')].join('\n'));
  writeFileSync(
    join(root, 'shell', 'de.po'),
    [entry('Ciao {name}', 'Hallo {nome}'), entry(plural, '{count} Plätze'), entry('Esci', 'Abmelden')].join('\n'),
  );
  writeFileSync(join(root, 'shell', 'en.po'), [entry('Ciao {name}', 'Hello {name}'), entry(plural, '{count, plural, one {# court} other {# courts}}')].join('\n'));
  const problems = placeholderProblems(root);
  expect(problems).toHaveLength(2);
  expect(problems[0]).toContain('{name}, the translation {nome}');
  expect(problems[1]).toContain('{count:plural}, the translation {count}');
});

it('flags one message translated two ways in two parts, not the same translation in both', () => {
  const root = mkdtempSync(join(tmpdir(), 'divergent-'));
  for (const [part, annulla] of [['shell', 'Abbrechen'], ['member', 'Stornieren']] as const) {
    mkdirSync(join(root, part));
    writeFileSync(join(root, part, 'it.po'), [entry('Annulla', 'Annulla'), entry('Esci', 'Esci')].join('\n'));
    writeFileSync(join(root, part, 'de.po'), [entry('Annulla', annulla), entry('Esci', 'Abmelden')].join('\n'));
  }
  const problems = divergentTranslations(root);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^de\.po: .*"Annulla".* is "(Abbrechen|Stornieren)" in \w+, "(Abbrechen|Stornieren)" in \w+$/);
});
