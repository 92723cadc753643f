// "Ricevuta" buttons: one per receipt or refund note, each saving its PDF.
import type { TReceipt } from '@beach/contracts';
import { useMutation } from '@tanstack/react-query';
import FileText from 'lucide-react/icons/file-text';
import { Button } from './ui/button';
import { downloadReceipt, receiptTitle, useMyReceipts } from '../lib/receipts';

export function ReceiptButton({ receipt }: { receipt: TReceipt }) {
  const download = useMutation({ mutationFn: () => downloadReceipt(receipt) });
  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="ghost" size="sm" onClick={() => download.mutate()} loading={download.isPending} loadingText="Download..." title={receiptTitle(receipt)}>
        <FileText aria-hidden="true" className="h-4 w-4" />
        {receipt.kind === 'refund' ? 'Nota di rimborso' : 'Ricevuta'}
        <span className="sr-only"> n. {receipt.number}</span>
      </Button>
      {download.isError && (
        <span role="alert" className="text-sm text-coral-600">
          Download della ricevuta non riuscito. Riprova più tardi.
        </span>
      )}
    </span>
  );
}

/** The signed-in member's receipts for one card or one booking; nothing while there are none. */
export function MyReceiptLinks({ membershipId, bookingId }: { membershipId?: number; bookingId?: number }) {
  const receipts = useMyReceipts();
  const mine = (receipts.data ?? []).filter((receipt) => (membershipId !== undefined ? receipt.membership_id === membershipId : receipt.booking_id === bookingId));
  if (mine.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {mine.map((receipt) => (
        <ReceiptButton key={receipt.id} receipt={receipt} />
      ))}
    </span>
  );
}
