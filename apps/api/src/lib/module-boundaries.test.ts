// The API's module boundaries are the repository's ESLint configuration (the `pnpm lint` CI runs): a
// module is used from outside only through its index.ts, lib/ imports no module, and no import cycle,
// not even of types alone (local/no-cycle: import-x/no-cycle skips `import type`).
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const src = `${root}/apps/api/src`;
const eslint = new ESLint({ cwd: root });

async function boundaryMessages(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: `${src}/${file}` });
  return result!.messages.filter((message) => message.ruleId?.startsWith('import-x/') || message.ruleId === 'local/no-cycle').map((message) => `${message.ruleId}: ${message.message}`);
}

// The first lint loads ESLint's plugins and configuration: seconds alone, longer beside the rest of the
// suite under load; what the tests check is the messages, not the time.
describe('module boundaries', { timeout: 90_000 }, () => {
  it('refuse a module importing the insides of another', async () => {
    const messages = await boundaryMessages('modules/credit/example.ts', "import { walletOf } from '../ledger/wallet.js';\nexport { walletOf };\n");
    expect(messages).toEqual([expect.stringContaining('A module imports another only through its index.ts')]);
  });

  it('refuse shared code importing a module, and the composition reaching a module’s insides', async () => {
    expect(await boundaryMessages('lib/example.ts', "import { walletOf } from '../modules/ledger/index.js';\nexport { walletOf };\n")).toEqual([expect.stringContaining('Shared code (lib/) imports no module')]);
    expect(await boundaryMessages('db/example.ts', "import { createCreditService } from '../modules/credit/credit.service.js';\nexport { createCreditService };\n")).toEqual([
      expect.stringContaining('The composition uses each module through its index.ts'),
    ]);
  });

  it('let a module use its own files and another module’s index.ts, and the composition every index.ts', async () => {
    expect(await boundaryMessages('modules/credit/example.ts', "import { walletOf } from '../ledger/index.js';\nimport { CREDIT_MESSAGES } from './credit.service.js';\nexport { walletOf, CREDIT_MESSAGES };\n")).toEqual([]);
    expect(await boundaryMessages('services.ts', "import { createCreditService } from './modules/credit/index.js';\nexport { createCreditService };\n")).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    // The ledger's own file importing credit, which imports the ledger, closes a cycle.
    const messages = await boundaryMessages('modules/ledger/ledger.ts', "import { createCreditService } from '../credit/index.js';\nexport { createCreditService };\n");
    expect(messages).toEqual([expect.stringContaining('local/no-cycle: Dependency cycle')]);
  });

  it('refuse an import cycle closed by an import for its effect or a lazy import', async () => {
    expect(await boundaryMessages('modules/ledger/ledger.ts', "import '../credit/index.js';\n")).toEqual([expect.stringContaining('local/no-cycle: Dependency cycle')]);
    expect(await boundaryMessages('modules/ledger/ledger.ts', "export const credit = () => import('../credit/index.js');\n")).toEqual([expect.stringContaining('local/no-cycle: Dependency cycle')]);
  });

  it('refuse an import cycle of types alone, naming its way round', async () => {
    const messages = await boundaryMessages('modules/ledger/ledger.ts', "import type { createCreditService } from '../credit/index.js';\nexport type CreditServiceMaker = typeof createCreditService;\n");
    expect(messages).toEqual([expect.stringMatching(/^local\/no-cycle: Dependency cycle \(type imports included\): modules\/ledger\/ledger\.ts → modules\/credit\/index\.ts → .* → modules\/ledger\/ledger\.ts$/)]);
  });
});
