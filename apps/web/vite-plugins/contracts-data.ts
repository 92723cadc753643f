// `virtual:contracts-data`: the values of @beach/contracts that pages without the typed client need
// (the home page), without zod: every route's method and path, and the display tables. Vite
// evaluates the contracts when it builds or serves the app, so they stay the one source; the
// module's types are declared from theirs in src/contracts-data.d.ts.
import type * as Contracts from '@beach/contracts';
import { runnerImport, type Plugin } from 'vite';

const ID = 'virtual:contracts-data';
const RESOLVED_ID = `\0${ID}`;
/** Plain-data exports passed through as they are. */
const TABLES = ['COURT_PURPOSES', 'COURT_PURPOSE_INFO', 'PRICE_INFO', 'BOOKING_COUPON_BAND_LABELS'] as const satisfies (keyof typeof Contracts)[];

type ContractsData = { code: string; dependencies: string[] };

/**
 * The module's code per app root, evaluated once for a build and its home page's prerender (which loads this
 * plugin again in its own module runner), and again in development when a contract changes.
 */
const evaluated = new Map<string, Promise<ContractsData>>();

async function evaluate(root: string): Promise<ContractsData> {
  const { module: contracts, dependencies } = await runnerImport<typeof Contracts>('@beach/contracts', { root, logLevel: 'error' });
  const routes = Object.fromEntries(
    Object.entries(contracts.api).map(([group, definitions]) => [group, Object.fromEntries(Object.entries(definitions).map(([name, { method, path }]) => [name, { method, path }]))]),
  );
  const code = [`export const routes = ${JSON.stringify(routes)};`, ...TABLES.map((name) => `export const ${name} = ${JSON.stringify(contracts[name])};`)].join('\n');
  return { code, dependencies };
}

function contractsDataOf(root: string): Promise<ContractsData> {
  let data = evaluated.get(root);
  if (!data) {
    data = evaluate(root);
    evaluated.set(root, data);
    // A failed evaluation is not kept: the next load tries again.
    data.catch(() => evaluated.delete(root));
  }
  return data;
}

export function contractsData(): Plugin {
  let root: string;
  /** The contracts' source files this server watches. */
  const watched = new Set<string>();
  return {
    name: 'beach:contracts-data',
    configResolved(config) {
      root = config.root;
    },
    // Evaluated before the build loads any module: Vite's module runner answers each of its imports within 60 s, and
    // during the build the same thread transforms the app's modules, which on a busy machine held an answer longer.
    async buildStart() {
      await contractsDataOf(root);
    },
    // The development server reloads the module when a contract changes.
    watchChange(file) {
      if (watched.has(file)) evaluated.delete(root);
    },
    resolveId: (id) => (id === ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return;
      const { code, dependencies } = await contractsDataOf(root);
      for (const file of dependencies) {
        watched.add(file);
        this.addWatchFile(file);
      }
      return code;
    },
  };
}
