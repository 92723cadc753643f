// Every API test file ends with the books reconciled (docs/testing.md#every-file-ends-with-the-books-reconciled):
// once its tests are over, the jobs they started done, the reconciliation's own checks — the daily job's
// queries, against the file's Stripe double when it has one — must all agree, or the file fails naming each
// check and its figures. A file that ends otherwise says so, with why (`BooksAtTheEnd`).
import type { AppDeps } from '../deps.js';
import type { Services } from '../services.js';

type Checks = Awaited<ReturnType<Services['reconciliation']['checks']>>;

/**
 * How a file ends otherwise, never silently, always with the reason: it breaks the books on purpose (to see a
 * check turn red), or it leaves money the books rightly do not hold (a payment no card may take left on Stripe,
 * statement lines left for the treasurer): then the reconciliation must name exactly those checks, and every
 * other check must agree.
 */
export type BooksAtTheEnd = `broken on purpose: ${string}` | { reported: readonly CheckName[]; because: string };
type CheckName = Checks[number]['name'];

/**
 * How long the books may take to agree after the jobs are done: a Stripe webhook still on its way (the
 * double delivers asynchronously, and its news may queue more jobs) is waited for, as the daily run would.
 */
const SETTLE_MS = 15_000;

/**
 * The failed checks in words — each check's name, how many things do not match, and those the check spells
 * out — unless exactly the `reported` ones failed.
 */
export function describeUnreconciled(checks: Checks, reported: readonly CheckName[] = []): string | null {
  const failed = checks.filter((one) => !one.ok);
  const failedNames = failed.map((one) => one.name).sort();
  if (failedNames.join() === [...reported].sort().join()) return null;
  const lines = failed.flatMap((one) => [
    `  ${one.name}: ${one.mismatches} ${one.mismatches === 1 ? 'mismatch' : 'mismatches'}`,
    ...one.details.map((detail) => `    - ${detail.replace(/\u00a0/g, ' ')}`),
  ]);
  if (reported.length === 0) return ['The books are not reconciled at the end of this file (docs/domain.md#reconciliation):', ...lines].join('\n');
  return [`The reconciliation at the end of this file should name exactly ${reported.join(', ')} (docs/domain.md#reconciliation); it names:`, ...(lines.length > 0 ? lines : ['  nothing'])].join('\n');
}

/** Waits for the jobs, then for the checks to agree but the `reported` ones (up to SETTLE_MS); throws with the last failed ones. */
export async function expectBooksReconciled({ jobs }: Pick<AppDeps, 'jobs'>, { reconciliation }: Pick<Services, 'reconciliation'>, reported: readonly CheckName[] = []) {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    await jobs.waitUntilIdle();
    const unreconciled = describeUnreconciled(await reconciliation.checks(), reported);
    if (unreconciled === null) return;
    if (Date.now() > deadline) throw new Error(unreconciled);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The file's closing (`close`: its app, Stripe double and runtime stopped) after the books are proved,
 * and whatever the proof says: a failed afterAll stops vitest running the ones after it.
 */
export function closingWithBooksReconciled(
  runtime: { deps: Pick<AppDeps, 'jobs'>; services: Pick<Services, 'reconciliation'> },
  books: BooksAtTheEnd | undefined,
  close: () => Promise<void>,
) {
  return async () => {
    try {
      if (typeof books !== 'string') await expectBooksReconciled(runtime.deps, runtime.services, books?.reported);
    } finally {
      await close();
    }
  };
}
