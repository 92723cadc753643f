// "Le mie ricevute" on /profilo: every receipt and refund note of the member, newest first — cards,
// bookings, shares of bookings, credit top-ups and carnets alike — each downloadable.

import { Trans, useLingui } from '@lingui/react/macro';
import { CardSection, ReadState } from './ui/card-section';
import { ReceiptRows } from './receipt-links';
import { useMyReceipts } from '../lib/receipts';

export function MyReceiptsSection() {
  const { t } = useLingui();
  const receipts = useMyReceipts();
  return (
    <CardSection titleId="receipts-title">
      <h2 id="receipts-title" className="text-lg font-semibold"><Trans>Le mie ricevute</Trans></h2>
      <ReadState read={receipts} loading={t`Caricamento delle ricevute...`} failed={t`Non è stato possibile leggere le ricevute. Riprova più tardi.`} />
      {receipts.data &&
        (receipts.data.length === 0 ? <p className="text-sm text-slate-600"><Trans>Nessuna ricevuta.</Trans></p> : <ReceiptRows receipts={receipts.data} label={t`Ricevute e note di rimborso`} />)}
    </CardSection>
  );
}
