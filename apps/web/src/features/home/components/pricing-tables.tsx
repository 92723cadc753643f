import type { PriceGroup, TCarnetProduct, TPriceEntry } from '@beach/contracts';
import { BOOKING_COUPON_BAND_LABELS, PRICE_INFO } from 'virtual:contracts-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatCents, formatDate, formatMoney } from '../../../lib/format';
import { usePriceList, usePublicCarnets } from '../../../lib/use-public-data';

function insuranceNote(entry: TPriceEntry, insuranceCents: number | undefined) {
  const included = PRICE_INFO[entry.code].insuranceIncluded;
  if (included === undefined) return null;
  if (included) return 'Assicurazione inclusa';
  return insuranceCents === undefined ? 'Assicurazione facoltativa' : `Assicurazione facoltativa: + ${formatCents(insuranceCents)}`;
}

function PriceTable({ title, entries, insuranceCents }: { title: string; entries: TPriceEntry[]; insuranceCents?: number }) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="bg-sea-700 px-5 py-3 text-left text-lg font-semibold text-white">{title}</caption>
        <thead className="sr-only">
          <tr><th scope="col">Voce</th><th scope="col">Prezzo</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => {
            const note = insuranceNote(entry, insuranceCents);
            return (
              <tr key={entry.code}>
                <th scope="row" className="px-5 py-3 font-normal">
                  <span className="block font-semibold text-slate-900">{PRICE_INFO[entry.code].label}</span>
                  <span className="block text-slate-500">{PRICE_INFO[entry.code].detail}</span>
                  {note && <span className="block text-xs font-medium text-sea-700">{note}</span>}
                  {entry.note && <span className="block text-xs text-slate-500">{entry.note}</span>}
                </th>
                <td className="px-5 py-3 text-right text-lg font-bold whitespace-nowrap text-sea-900">{entry.amount_cents === 0 ? 'Gratuita' : formatCents(entry.amount_cents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The carnets on sale online and the prepaid credit: what a member can buy ahead besides the card. */
function CarnetsAndCredit({ carnets }: { carnets: TCarnetProduct[] }) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:col-span-2">
      <h3 className="bg-sea-700 px-5 py-3 text-lg font-semibold text-white">Carnet e credito</h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {carnets.map((carnet) => (
          <li key={carnet.id} className="flex items-start justify-between gap-4 px-5 py-3">
            <span>
              <span className="block font-semibold text-slate-900">{carnet.name}</span>
              <span className="block text-slate-500">
                {carnet.uses} ingressi · {carnet.band === 'any' ? 'ogni fascia' : BOOKING_COUPON_BAND_LABELS[carnet.band].toLowerCase()} · valido fino al {formatDate(carnet.valid_until)}
              </span>
            </span>
            <span className="text-lg font-bold whitespace-nowrap text-sea-900">{formatMoney(carnet.price)}</span>
          </li>
        ))}
        <li className="px-5 py-3">
          <span className="block font-semibold text-slate-900">Credito prepagato</span>
          <span className="block text-slate-500">Ricarichi online dal tuo profilo quanto vuoi e lo usi per i campi, la tessera e i carnet.</span>
        </li>
      </ul>
    </div>
  );
}

export function PricingTables() {
  const { data, isPending, isError, refetch } = usePriceList();
  // Read beside the price list, not after it; without them the card shows the credit alone.
  const carnets = usePublicCarnets().data ?? [];
  const inGroup = (group: PriceGroup) => data?.entries.filter((entry) => PRICE_INFO[entry.code].group === group) ?? [];
  const insurance = inGroup('insurance')[0]?.amount_cents;

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-sand-100 py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="pricing-title" className="text-3xl font-bold text-sea-900">Tariffe{data ? ` ${data.year}` : ''}</h2>
        <p className="mt-2 text-slate-700">Prezzi in euro, IVA inclusa. Le tariffe dei campi sono per campo.</p>
        <div className="mt-8" aria-live="polite" aria-busy={isPending}>
          {isPending && <div className="flex justify-center py-10 text-sea-700"><Spinner size="lg" label="Caricamento tariffe..." /></div>}
          {isError && (
            <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={() => refetch()}>Riprova</Button>}>
              Non è stato possibile caricare le tariffe. Riprova più tardi.
            </Alert>
          )}
          {data && data.entries.length === 0 && <Alert>Il listino della stagione non è ancora stato pubblicato.</Alert>}
          {data && data.entries.length > 0 && (
            <div className="grid gap-8 lg:grid-cols-2">
              <PriceTable title="Tessere" entries={inGroup('membership')} insuranceCents={insurance} />
              <PriceTable title="Campi" entries={inGroup('court')} />
              <CarnetsAndCredit carnets={carnets} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
