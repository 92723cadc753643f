// How a desk's movement of credit goes into the audit log: as the ledger entry it posted, under the
// member whose credit it moved. The entry's row names no amount, so its postings go with it.
import type { Prisma } from '../../generated/prisma/client.js';
import { audit, rowOf } from '../../lib/audit.js';

export async function auditCreditEntry(tx: Prisma.TransactionClient, action: 'top-up' | 'adjust' | 'refund' | 'mark-paid', userId: number, entryId: number) {
  const [row, postings] = await Promise.all([
    rowOf(tx, 'ledger_entries', entryId),
    tx.$queryRaw<{ account: string; amount_cents: number }[]>`
      SELECT a.key AS account, p.amount_cents FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = ${entryId} ORDER BY p.id`,
  ]);
  await audit(tx, { entity: 'ledger_entries', id: entryId, action, before: null, after: row && { ...row, postings }, subjectUserId: userId });
}
