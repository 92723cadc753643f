// Fails when a tracked text file cites a numbered section (the section sign and a number) of a
// document that is not in the repository, such as the product spec or design: a newcomer cannot
// follow it. Say the rule in the comment, or point to docs/domain.md#<section>. The SQL migrations
// are applied history and are left as they are.
// Run by `pnpm lint` (turbo's lint tasks depend on it); alone: `node scripts/check-citations.mjs`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED = /^prisma\/migrations\//;
// A section sign before a number (written as an escape so this file does not match itself).
const CITATION = /\u00a7\s*\d/;

const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter((file) => file && !SKIPPED.test(file));

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // deleted in the work tree but still in the index
  }
  if (text.includes('\0')) continue; // binary
  text.split('\n').forEach((line, index) => {
    if (CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
  });
}

if (found.length > 0) {
  console.error(found.join('\n'));
  console.error(`\n${found.length} line(s) cite a section of a document outside the repository.`);
  console.error('Say the rule in the comment itself, or point to docs/domain.md#<section> (docs/README.md).');
  process.exit(1);
}
console.log(`No citations of outside documents in ${files.length} tracked files.`);
