// An ESLint rule: no import cycle, `import type` included. import-x/no-cycle skips type-only imports (they
// vanish from the JavaScript), yet a cycle of types still ties modules together both ways: the API's
// modules depend on one another one way only, whatever an import brings. The whole graph is read from
// the files, so a cycle is found from whichever file of it is linted. It is the lint's only cycle rule:
// import-x/no-cycle found a subset of these cycles at four fifths of the lint's time (docs/testing.md#lint-and-typecheck).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * `import …`, `import type …`, `export … from` and `import '…'` of a relative path, at the start of a line,
 * and `import('…')` anywhere (a page loaded lazily is still a dependency).
 */
const IMPORTS = [/^\s*(?:import|export)\s+[^'";]*?\s*from\s*['"](\.[^'"]+)['"]/gm, /^\s*import\s*['"](\.[^'"]+)['"]/gm, /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g];

const SOURCE = /\.tsx?$/;

/** The file a relative import names: `./x.js` is `./x.ts`, `./x` is `./x.ts(x)` or a folder's index. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base];
  return candidates.find((candidate) => SOURCE.test(candidate) && existsSync(candidate)) ?? null;
}

/** The files a source imports, type-only imports included. */
function importsOf(file, source) {
  return IMPORTS.flatMap((pattern) => [...source.matchAll(pattern)]).map(([, specifier]) => resolveImport(file, specifier)).filter((to) => to !== null);
}

const graphs = new Map();
/** The import graph of the sources under `root` (tests aside), read once per lint run. */
function graphOf(root) {
  if (!graphs.has(root)) {
    const graph = new Map();
    const walk = (folder) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(path);
        } else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) graph.set(path, importsOf(path, readFileSync(path, 'utf8')));
      }
    };
    walk(root);
    graphs.set(root, graph);
  }
  return graphs.get(root);
}

/** A path of imports from `start` back to `target`, or null. */
function pathBack(graph, start, target) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of graph.get(route.at(-1)) ?? []) {
      if (next === target) return [...route, target];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, type-only imports included.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: { cycle: 'Dependency cycle (type imports included): {{route}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    const { root } = context.options[0];
    const source = context.sourceCode.text;
    const own = importsOf(file, source);
    // The linted text's own imports stand for the file's (an editor's unsaved text, a test's).
    const graph = new Map(graphOf(root));
    graph.set(file, own);
    const relative = (path) => path.slice(root.length + 1);
    return {
      'ImportDeclaration, ExportNamedDeclaration[source], ExportAllDeclaration, ImportExpression'(node) {
        const specifier = node.source?.value;
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const to = resolveImport(file, specifier);
        const back = to && pathBack(graph, to, file);
        if (!back) return;
        context.report({ node, messageId: 'cycle', data: { route: [file, ...back].map(relative).join(' → ') } });
      },
    };
  },
};
