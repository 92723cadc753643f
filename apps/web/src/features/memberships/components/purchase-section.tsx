import { addDays, coveredUntil, RENEWAL_DAYS } from '@beach/contracts';
import { Trans } from '@lingui/react/macro';
import { formatDate, todayInRome } from '../../../lib/format';
import { useMyMemberships } from '../../../lib/shared-queries';
import { useOnline } from '../../../lib/use-online';
import { PurchaseForm } from './purchase-form';

/**
 * Requesting a card (docs/domain.md#memberships), once the member's cards are read and while there is a
 * connection to request it with (docs/screens.md#offline): none while an active card covers today, until
 * RENEWAL_DAYS before it ends; from then a renewal, which starts after it.
 */
export function PurchaseSection() {
  const { data } = useMyMemberships();
  const online = useOnline();
  if (!data || !online) return null;
  const today = todayInRome();
  const covered = coveredUntil(data, today);
  const until = covered === null ? null : formatDate(covered);
  if (covered !== null && today < addDays(covered, -RENEWAL_DAYS)) {
    const renewFrom = formatDate(addDays(covered, -RENEWAL_DAYS));
    return (
      <p className="rounded-2xl bg-white p-5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <Trans>La tua tessera vale fino al {until}: potrai rinnovarla da questa pagina dal {renewFrom}.</Trans>
      </p>
    );
  }
  return (
    <section aria-labelledby="purchase-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div>
        <h2 id="purchase-title" className="text-xl font-semibold text-sea-900">
          {covered === null ? <Trans>Richiedi una tessera</Trans> : <Trans>Rinnova la tessera</Trans>}
        </h2>
        {covered !== null && (
          <p className="mt-1 text-sm text-slate-700">
            <Trans>La tua tessera vale fino al {until}: la nuova comincia dopo, con le date che vedi nel riepilogo prima di pagare.</Trans>
          </p>
        )}
        <p className="mt-1 text-sm text-slate-600">
          <Trans>I campi con * sono obbligatori. Il prezzo finale lo calcoliamo noi e lo vedi prima di pagare.</Trans>
        </p>
      </div>
      <PurchaseForm firstDay={covered === null ? undefined : addDays(covered, 1)} />
    </section>
  );
}
