// Which tables each module's raw SQL names (docs/domain.md#modules-and-their-tables): read from the source
// with TypeScript's parser (every `$queryRaw`, `$executeRaw` and `Prisma.sql` template, its text without
// the values), each table named after FROM, JOIN, UPDATE, INTO or TABLE and known to prisma/schema.prisma.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The tables of prisma/schema.prisma (its models' @@map), not its enums. */
export function tablesOf(schema: string): Set<string> {
  const tables = new Set<string>();
  for (const [, body] of schema.matchAll(/^model \w+ \{([\s\S]*?)^\}/gm)) {
    const mapped = body!.match(/@@map\("(\w+)"\)/);
    if (mapped) tables.add(mapped[1]!);
  }
  return tables;
}

const RAW_TAGS = /(\$queryRaw|\$executeRaw|\bsql)$/;
const NAMED = /\b(?:from|join|update|into|table)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;

/** The text of every raw SQL template in a source file, values left out. */
export function rawSqlOf(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && RAW_TAGS.test(node.tag.getText())) {
      const template = node.template;
      found.push(ts.isNoSubstitutionTemplateLiteral(template) ? template.text : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? '));
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found;
}

export interface TableUse {
  /** The module whose file it is. */
  module: string;
  /** The file, from the modules' folder. */
  file: string;
  table: string;
}

/** Every known table each module's source files (tests left out) name in raw SQL, once per file. */
export function tableUses(modulesDir: string, tables: Set<string>): TableUse[] {
  const uses: TableUse[] = [];
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : []));
  for (const path of walk(modulesDir)) {
    const file = relative(modulesDir, path);
    const named = new Set(rawSqlOf(file, readFileSync(path, 'utf8')).flatMap((sql) => [...sql.matchAll(NAMED)].map((match) => match[1]!.toLowerCase())));
    for (const table of [...named].filter((name) => tables.has(name)).sort()) uses.push({ module: file.split('/')[0]!, file, table });
  }
  return uses;
}
