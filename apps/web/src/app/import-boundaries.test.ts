// The import boundaries are the repository's ESLint configuration (the `pnpm lint` CI runs,
// docs/screens.md#features-and-their-public-faces): a feature uses another only through its index.ts and
// imports nothing of app/; shared code imports neither; features import one another without a cycle.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const src = `${root}/apps/web/src`;
const eslint = new ESLint({ cwd: root });

async function messagesOf(rule: string, file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: `${src}/${file}` });
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}
const boundaryMessages = (file: string, source: string) => messagesOf('import-x/no-restricted-paths', file, source);

// The first lint loads ESLint's plugins and configuration: 2 s alone on a quiet machine, 15 to 30 s
// beside the rest of the suite under load; what the tests check is the messages, not the time.
describe('import boundaries', { timeout: 90_000 }, () => {
  it("refuse a feature importing another feature's insides or the app shell", async () => {
    const messages = await boundaryMessages('features/payments/pages/example.ts', "import { useMyBookings } from '../../bookings/api/bookings';\nimport { Header } from '../../../app/header';\nexport { useMyBookings, Header };\n");
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('A feature uses another feature only through its index.ts');
    expect(messages[1]).toContain('A feature imports nothing of the app shell');
  });

  it("refuse a feature importing another feature's insides even beside its public face", async () => {
    expect(
      await boundaryMessages('features/bookings/pages/example.ts', "import { PayWithCarnet } from '../../carnets';\nimport { useMyCarnets } from '../../carnets/api/carnets';\nexport { PayWithCarnet, useMyCarnets };\n"),
    ).toEqual([expect.stringContaining("Unexpected path \"../../carnets/api/carnets\" imported in restricted zone. A feature uses another feature only through its index.ts")]);
  });

  it('refuse shared code importing a feature, even through its public face', async () => {
    expect(
      await boundaryMessages('lib/example.ts', "import { useMyBookings } from '../features/bookings/api/bookings';\nimport { PayWithCarnet } from '../features/carnets';\nexport { useMyBookings, PayWithCarnet };\n"),
    ).toEqual([expect.stringContaining('Shared code imports no feature'), expect.stringContaining('Shared code imports no feature')]);
  });

  it("let a feature use another feature's public face (its index.ts)", async () => {
    expect(await boundaryMessages('features/bookings/pages/example.ts', "import { PayWithCarnet } from '../../carnets';\nimport { CarnetsSection } from '../../carnets/index';\nexport { PayWithCarnet, CarnetsSection };\n")).toEqual([]);
  });

  it('refuse a cycle between features, even through their public faces', async () => {
    // features/carnets uses credit (its section shows the member's credit): credit may not use carnets back.
    expect(await messagesOf('local/no-cycle', 'features/credit/api/credit.ts', "import { CarnetsSection } from '../../carnets';\nexport { CarnetsSection };\n")).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
    expect(await messagesOf('local/no-cycle', 'features/carnets/api/example.ts', "import { useMyCredit } from '../../credit';\nexport { useMyCredit };\n")).toEqual([]);
    // A lazily loaded module is a dependency too.
    expect(await messagesOf('local/no-cycle', 'features/credit/api/credit.ts', "export const carnets = () => import('../../carnets');\n")).toEqual([expect.stringContaining('Dependency cycle')]);
  });

  it('let a feature use its own files, shared code and the contracts, and app/ compose features', async () => {
    expect(await boundaryMessages('features/bookings/pages/example.ts', "import { moneyToCents } from '@beach/contracts';\nimport { bookingKeys } from '../../../lib/shared-queries';\nimport { useMyBookings } from '../api/bookings';\nexport { moneyToCents, bookingKeys, useMyBookings };\n")).toEqual([]);
    expect(await boundaryMessages('app/example.ts', "import { useMyBookings } from '../features/bookings/api/bookings';\nexport { useMyBookings };\n")).toEqual([]);
  });

  it("refuse the contracts' api in the web (every resource's schemas on every page), not its types", async () => {
    const restricted = (source: string) => messagesOf('no-restricted-imports', 'features/bookings/api/example.ts', source);
    expect(await restricted("import { api } from '@beach/contracts';\nexport const route = api.bookings.mine;\n")).toEqual([expect.stringContaining('Call routes from lib/api-routes')]);
    expect(await restricted("import type { api } from '@beach/contracts';\nexport type Route = typeof api.bookings.mine;\n")).toEqual([]);
    expect(await restricted("import { api } from '../../../lib/api-routes';\nexport const route = api.bookings.mine;\n")).toEqual([]);
  });
});
