// "Paga con bonifico" beside an amount due (docs/annual-accounts.md#paying-by-transfer): the association's
// IBAN, the amount and the RF reference to copy, and the EPC QR code that a banking app scans.
import type { TTransferDetails } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { type TransferOwed, useTransferDetails } from '../api/transfer';

/** The IBAN in groups of four, as it is printed and read aloud. */
const grouped = (text: string) => text.replace(/(.{4})/g, '$1 ').trim();

export function TransferDetails({ details }: { details: TTransferDetails }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-start">
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(details.qr_svg)}`} alt={t`Codice QR del bonifico`} className="h-40 w-40 self-center rounded bg-white sm:self-start" />
      <dl className="grid gap-1 text-sm text-slate-700">
        <dt className="font-medium text-slate-500"><Trans>Intestatario</Trans></dt>
        <dd className="text-slate-900">{details.holder}</dd>
        <dt className="font-medium text-slate-500">IBAN</dt>
        <dd className="font-mono text-slate-900 break-all">{grouped(details.iban)}</dd>
        <dt className="font-medium text-slate-500"><Trans>Importo</Trans></dt>
        <dd className="text-slate-900">{formatMoney(details.amount)}</dd>
        <dt className="font-medium text-slate-500"><Trans>Riferimento (da scrivere nella causale)</Trans></dt>
        <dd className="font-mono text-slate-900" aria-label={t`Riferimento RF`}>{grouped(details.reference)}</dd>
      </dl>
    </div>
  );
}

export function PayByTransfer({ owed }: { owed: TransferOwed }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const details = useTransferDetails(owed, open);
  return (
    <div className="w-full space-y-2">
      <Button size="sm" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Trans>Paga con bonifico</Trans>
      </Button>
      {open && details.isPending && <p className="text-sm text-slate-600"><Trans>Caricamento…</Trans></p>}
      {open && details.isError && <p className="text-sm text-coral-700">{details.error instanceof Error ? details.error.message : t`Non è stato possibile leggere i dati del bonifico.`}</p>}
      {open && details.data && <TransferDetails details={details.data} />}
    </div>
  );
}
