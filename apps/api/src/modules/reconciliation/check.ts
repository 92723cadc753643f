// One check's verdict (docs/domain.md#reconciliation): how many things do not match and the first of them in words.
import type { TReconciliation, TReconciliationStripeMismatch } from '@beach/contracts';

export type Check = TReconciliation['checks'][number];
export type CheckName = Check['name'];

/** At most this many mismatches are spelled out; the count says how many there are. */
const DETAILS = 20;

export const check = (name: CheckName, details: string[], count = details.length, firstMismatch?: TReconciliationStripeMismatch): Check => ({
  name,
  ok: count === 0,
  mismatches: count,
  details: details.slice(0, DETAILS),
  ...(firstMismatch ? { first_mismatch: firstMismatch } : {}),
});
