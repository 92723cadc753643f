// "Le mie ricevute" on /profilo: every receipt and refund note of the member, newest first — cards,
// bookings, shares of bookings, credit top-ups and carnets alike — each downloadable.

import { CardSection, ReadState } from './ui/card-section';
import { ReceiptRows } from './receipt-links';
import { useMyReceipts } from '../lib/receipts';

export function MyReceiptsSection() {
  const receipts = useMyReceipts();
  return (
    <CardSection titleId="receipts-title">
      <h2 id="receipts-title" className="text-lg font-semibold">Le mie ricevute</h2>
      <ReadState read={receipts} loading="Caricamento delle ricevute..." failed="Non è stato possibile leggere le ricevute. Riprova più tardi." />
      {receipts.data && (receipts.data.length === 0 ? <p className="text-sm text-slate-600">Nessuna ricevuta.</p> : <ReceiptRows receipts={receipts.data} label="Ricevute e note di rimborso" />)}
    </CardSection>
  );
}
