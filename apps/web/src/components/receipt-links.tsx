// "Ricevuta" buttons: one per receipt or refund note, each saving its PDF; and the member's receipts as a
// list (docs/domain.md#receipts).
import type { TReceipt } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import FileText from 'lucide-react/icons/file-text';
import { Button } from './ui/button';
import { formatDate, formatMoney } from '../lib/format';
import { downloadReceipt, useMyReceipts } from '../lib/receipts';

/** "Ricevuta n. 2026/000123", in the page's language (lib/receipts' receiptTitle is the back-office's Italian). */
function useReceiptTitle() {
  const { t } = useLingui();
  return ({ kind, number }: Pick<TReceipt, 'kind' | 'number'>) => (kind === 'refund' ? t`Nota di rimborso n. ${number}` : t`Ricevuta n. ${number}`);
}

export function ReceiptButton({ receipt }: { receipt: TReceipt }) {
  const { t } = useLingui();
  const receiptTitle = useReceiptTitle();
  const { number } = receipt;
  const download = useMutation({ mutationFn: () => downloadReceipt(receipt) });
  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="ghost" size="sm" onClick={() => download.mutate()} loading={download.isPending} loadingText={t`Download...`} title={receiptTitle(receipt)}>
        <FileText aria-hidden="true" className="h-4 w-4" />
        {receipt.kind === 'refund' ? (
          <Trans>
            Nota di rimborso<span className="sr-only"> n. {number}</span>
          </Trans>
        ) : (
          <Trans>
            Ricevuta<span className="sr-only"> n. {number}</span>
          </Trans>
        )}
      </Button>
      {download.isError && (
        <span role="alert" className="text-sm text-coral-600">
          <Trans>Download della ricevuta non riuscito. Riprova più tardi.</Trans>
        </span>
      )}
    </span>
  );
}

/** The signed-in member's receipts for one card, one booking or one carnet; nothing while there are none. */
export function MyReceiptLinks({ membershipId, bookingId, carnetId }: { membershipId?: number; bookingId?: number; carnetId?: number }) {
  const receipts = useMyReceipts();
  const records = (receipt: TReceipt) =>
    membershipId !== undefined ? receipt.membership_id === membershipId : carnetId !== undefined ? receipt.carnet_id === carnetId : receipt.booking_id === bookingId;
  const mine = (receipts.data ?? []).filter(records);
  if (mine.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {mine.map((receipt) => (
        <ReceiptButton key={receipt.id} receipt={receipt} />
      ))}
    </span>
  );
}

/** One line per receipt: what it records, its number, day and amount, and its download. */
export function ReceiptRows({ receipts, label }: { receipts: TReceipt[]; label: string }) {
  const receiptTitle = useReceiptTitle();
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label={label}>
      {receipts.map((receipt) => (
        <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <div className="min-w-0 flex-1 basis-56">
            <p className="break-words font-medium text-slate-900">{receipt.description}</p>
            <p className="text-slate-500">
              {receiptTitle(receipt)} · {formatDate(receipt.issued_at)}
            </p>
          </div>
          <span className="flex items-center gap-2">
            <span className="font-semibold tabular-nums text-slate-900">{receipt.kind === 'refund' ? `−${formatMoney(receipt.amount)}` : formatMoney(receipt.amount)}</span>
            <ReceiptButton receipt={receipt} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The signed-in member's receipts that `which` selects, under a heading; nothing while there are none. */
export function MyReceiptList({ title, which }: { title: string; which: (receipt: TReceipt) => boolean }) {
  const receipts = useMyReceipts();
  const shown = (receipts.data ?? []).filter(which);
  if (shown.length === 0) return null;
  return (
    <div className="space-y-1">
      <h3 className="font-semibold">{title}</h3>
      <ReceiptRows receipts={shown} label={title} />
    </div>
  );
}
