// "Le mie ricevute" on /profilo: every receipt and refund note of the member, newest first — cards,
// bookings, shares of bookings, credit top-ups and carnets alike — each downloadable.
import { Alert } from './ui/alert';
import { Spinner } from './ui/spinner';
import { ReceiptRows } from './receipt-links';
import { useMyReceipts } from '../lib/receipts';

export function MyReceiptsSection() {
  const receipts = useMyReceipts();
  return (
    <section aria-labelledby="receipts-title" className="space-y-4 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <h2 id="receipts-title" className="text-lg font-semibold">Le mie ricevute</h2>
      {receipts.isPending && <Spinner label="Caricamento delle ricevute..." />}
      {receipts.isError && <Alert tone="error">Non è stato possibile leggere le ricevute. Riprova più tardi.</Alert>}
      {receipts.data && (receipts.data.length === 0 ? <p className="text-sm text-slate-600">Nessuna ricevuta.</p> : <ReceiptRows receipts={receipts.data} label="Ricevute e note di rimborso" />)}
    </section>
  );
}
