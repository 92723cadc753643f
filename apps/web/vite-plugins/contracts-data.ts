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

export function contractsData(): Plugin {
  let root: string;
  return {
    name: 'beach:contracts-data',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return;
      const { module: contracts, dependencies } = await runnerImport<typeof Contracts>('@beach/contracts', { root, logLevel: 'error' });
      // The development server reloads the module when a contract changes.
      for (const file of dependencies) this.addWatchFile(file);
      const routes = Object.fromEntries(
        Object.entries(contracts.api).map(([group, definitions]) => [group, Object.fromEntries(Object.entries(definitions).map(([name, { method, path }]) => [name, { method, path }]))]),
      );
      return [`export const routes = ${JSON.stringify(routes)};`, ...TABLES.map((name) => `export const ${name} = ${JSON.stringify(contracts[name])};`)].join('\n');
    },
  };
}
