// `lingui compile --strict` fails on a missing translation and on broken ICU syntax, but not on a
// translation that names other arguments than the Italian source ({nome} for {name}), drops one, or
// loses a plural, nor on one message translated two ways in two parts (a page loading both would show
// whichever came last): this does. Run by `pnpm lint` after the strict compile.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { formatter } from '../po-formatter.ts';

type Entry = { message?: string; translation?: string; obsolete?: boolean };
const po = formatter();
const read = (file: string) => po.parse(readFileSync(file, 'utf8'), { locale: null, sourceLocale: 'it', filename: file }) as Record<string, Entry>;

/** Argument names, with their ICU kind (plural, select, …), anywhere in the message. */
export function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: CompiledMessage | string | number) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, kind, choices] = token as [string, string?, Record<string, CompiledMessage>?];
      found.add(kind ? `${name}:${kind}` : name);
      if (choices && typeof choices === 'object') for (const choice of Object.values(choices)) walk(choice);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...found].sort();
}

/** Every translation under `root` (<part>/<locale>.po) whose arguments differ from its Italian source's. */
export function placeholderProblems(root: string): string[] {
  const problems: string[] = [];
  for (const part of readdirSync(root)) {
    const source = read(join(root, part, 'it.po'));
    const others = readdirSync(join(root, part)).filter((file) => file.endsWith('.po') && file !== 'it.po');
    for (const file of others.map((name) => join(root, part, name))) {
      for (const [id, entry] of Object.entries(read(file))) {
        if (entry.obsolete || !entry.translation) continue;
        const italian = source[id]?.translation || source[id]?.message || entry.message;
        if (!italian) continue;
        const want = argumentsOf(italian).join(', ');
        const got = argumentsOf(entry.translation).join(', ');
        if (want !== got) problems.push(`${file}: ${id} ("${italian}")\n  Italian has {${want}}, the translation {${got}}: "${entry.translation}"`);
      }
    }
  }
  return problems;
}

/** Every message (same id) that two parts under `root` translate differently into one language. */
export function divergentTranslations(root: string): string[] {
  const problems: string[] = [];
  const first = new Map<string, { part: string; translation: string }>();
  for (const part of readdirSync(root)) {
    for (const file of readdirSync(join(root, part)).filter((name) => name.endsWith('.po') && name !== 'it.po')) {
      for (const [id, entry] of Object.entries(read(join(root, part, file)))) {
        if (entry.obsolete || !entry.translation) continue;
        const key = `${file}\u0000${id}`;
        const seen = first.get(key);
        if (!seen) first.set(key, { part, translation: entry.translation });
        else if (seen.translation !== entry.translation) problems.push(`${file}: ${id} ("${entry.message ?? id}") is "${seen.translation}" in ${seen.part}, "${entry.translation}" in ${part}`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../src/locales', import.meta.url));
  const problems = [...placeholderProblems(root), ...divergentTranslations(root)];
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`${problems.length} translation(s) with other arguments than the Italian, or translated two ways.`);
    process.exit(1);
  }
  console.log('Placeholders: every translation names the arguments of its Italian source, and says one thing in every part.');
}
