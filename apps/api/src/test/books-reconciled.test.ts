// The end-of-file proof of the books (./books-reconciled.ts) without a database: what it says when checks
// fail, that the file's closing runs whatever the proof says, and that only a stated reason skips it.
import { describe, expect, it, vi } from 'vitest';
import { closingWithBooksReconciled, describeUnreconciled } from './books-reconciled.js';

type Checks = Parameters<typeof describeUnreconciled>[0];

const agreeing: Checks = [
  { name: 'entries_balanced', ok: true, mismatches: 0, details: [] },
  { name: 'stripe_clearing', ok: true, mismatches: 0, details: [] },
];
const failing: Checks = [
  { name: 'entries_balanced', ok: true, mismatches: 0, details: [] },
  { name: 'billed_owed', ok: false, mismatches: 1, details: ['Da incassare 3,00\u00a0€, dovuti dai conti dei soci 0,00\u00a0€'] },
  { name: 'documents_posted', ok: false, mismatches: 22, details: ['Pagamento 10 di 12,00\u00a0€: nessuna registrazione', 'Pagamento 11 di 5,00\u00a0€: 2 registrazioni'] },
];

/** How `failing`'s failed checks read, under the message's first line. */
const failingInWords = [
  '  billed_owed: 1 mismatch',
  '    - Da incassare 3,00 €, dovuti dai conti dei soci 0,00 €',
  '  documents_posted: 22 mismatches',
  '    - Pagamento 10 di 12,00 €: nessuna registrazione',
  '    - Pagamento 11 di 5,00 €: 2 registrazioni',
];

/** A runtime whose queue is idle at once and whose reconciliation answers `checks`, counting its runs. */
const runtimeAnswering = (checks: Checks) => {
  const reconciliation = { checks: vi.fn(async () => checks) };
  return { deps: { jobs: { waitUntilIdle: vi.fn(async () => {}) } }, services: { reconciliation } } as unknown as Parameters<typeof closingWithBooksReconciled>[0] & {
    services: { reconciliation: typeof reconciliation };
  };
};

describe('the books reconciled after a file', () => {
  it('says nothing when every check agrees', () => {
    expect(describeUnreconciled(agreeing)).toBeNull();
  });

  it('names each failed check, how many things do not match, and the ones spelled out with their figures', () => {
    expect(describeUnreconciled(failing)).toBe(
      [
        'The books are not reconciled at the end of this file (docs/domain.md#reconciliation):',
        ...failingInWords,
      ].join('\n'),
    );
  });

  it('accepts exactly the checks a file says it leaves reported, and names any other or any missing one', () => {
    expect(describeUnreconciled(failing, ['documents_posted', 'billed_owed'])).toBeNull();
    expect(describeUnreconciled(failing, ['documents_posted'])).toBe(
      [
        'The reconciliation at the end of this file should name exactly documents_posted (docs/domain.md#reconciliation); it names:',
        ...failingInWords,
      ].join('\n'),
    );
    expect(describeUnreconciled(agreeing, ['stripe_clearing'])).toBe(
      ['The reconciliation at the end of this file should name exactly stripe_clearing (docs/domain.md#reconciliation); it names:', '  nothing'].join('\n'),
    );
  });

  it('closes the file after the proof, also when the proof fails the file', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    try {
      const close = vi.fn(async () => {});
      const closing = closingWithBooksReconciled(runtimeAnswering(failing), undefined, close)();
      const failed = expect(closing).rejects.toThrow('documents_posted: 22 mismatches');
      // The books are asked again while a webhook may be on its way, up to the deadline.
      await vi.runAllTimersAsync();
      await failed;
      expect(close).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes a file whose books agree without complaint, and skips the proof only for a file that states why it breaks them', async () => {
    const close = vi.fn(async () => {});
    const agreeingRuntime = runtimeAnswering(agreeing);
    await closingWithBooksReconciled(agreeingRuntime, undefined, close)();
    expect(agreeingRuntime.services.reconciliation.checks).toHaveBeenCalledOnce();

    const brokenRuntime = runtimeAnswering(failing);
    await closingWithBooksReconciled(brokenRuntime, 'broken on purpose: a check is seen turning red', close)();
    expect(brokenRuntime.services.reconciliation.checks).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(2);
  });
});
