// Every API test file ends with the books reconciled (docs/testing.md#every-file-ends-with-the-books-reconciled):
// once its tests are over, the jobs they started done, the reconciliation's own checks — the daily job's
// queries, against the file's Stripe double when it has one — must all agree, or the file fails naming each
// check and its figures. A file that leaves them unreconciled says so, with why (`BooksLeftUnreconciled`).
import type { AppDeps } from '../deps.js';
import type { Services } from '../services.js';

type Checks = Awaited<ReturnType<Services['reconciliation']['checks']>>;

/**
 * How a file opts out, never silently, always with the reason: it breaks the books on purpose (to see a check
 * turn red), or its set-up is not reconciled yet — a gap to close (`grep -rn 'not reconciled yet'`).
 */
export type BooksLeftUnreconciled = `broken on purpose: ${string}` | `not reconciled yet: ${string}`;

/**
 * How long the books may take to agree after the jobs are done: a Stripe webhook still on its way (the
 * double delivers asynchronously, and its news may queue more jobs) is waited for, as the daily run would.
 */
const SETTLE_MS = 15_000;

/** The failed checks in words: each check's name, how many things do not match, and those the check spells out. */
export function describeUnreconciled(checks: Checks): string | null {
  const failed = checks.filter((one) => !one.ok);
  if (failed.length === 0) return null;
  const lines = failed.flatMap((one) => [
    `  ${one.name}: ${one.mismatches} ${one.mismatches === 1 ? 'mismatch' : 'mismatches'}`,
    ...one.details.map((detail) => `    - ${detail.replace(/\u00a0/g, ' ')}`),
  ]);
  return ['The books are not reconciled at the end of this file (docs/domain.md#reconciliation):', ...lines].join('\n');
}

/** Waits for the jobs, then for the checks to agree (up to SETTLE_MS); throws with the last failed ones. */
export async function expectBooksReconciled({ jobs }: Pick<AppDeps, 'jobs'>, { reconciliation }: Pick<Services, 'reconciliation'>) {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    await jobs.waitUntilIdle();
    const unreconciled = describeUnreconciled(await reconciliation.checks());
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
  books: BooksLeftUnreconciled | undefined,
  close: () => Promise<void>,
) {
  return async () => {
    try {
      if (books === undefined) await expectBooksReconciled(runtime.deps, runtime.services);
    } finally {
      await close();
    }
  };
}
