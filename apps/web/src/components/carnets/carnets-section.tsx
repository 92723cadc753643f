// The carnets part of /profilo: the member's carnets with the uses left (and each one's receipt), and the carnets on sale (with
// what one use pays) bought online (paid on Stripe Checkout, the carnet made when Stripe confirms it).
import { BOOKING_COUPON_BAND_LABELS, CARNET_COVER_LABELS, type TCarnetProduct } from '@beach/contracts';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { ApiError } from '../../lib/api-transport';
import { useBuyCarnet, useCarnetsOnSale, useMyCarnets } from '../../lib/carnets';
import { formatMoney, validityText } from '../../lib/format';
import { MyReceiptLinks } from '../receipt-links';
import { CarnetList } from './carnet-list';

export function CarnetsSection() {
  const carnets = useMyCarnets();
  return (
    <section aria-labelledby="carnets-title" className="space-y-4 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <h2 id="carnets-title" className="text-lg font-semibold">I miei carnet</h2>
      {carnets.isPending && <Spinner label="Caricamento dei carnet..." />}
      {carnets.isError && <Alert tone="error">Non è stato possibile leggere i carnet. Riprova più tardi.</Alert>}
      {carnets.data && <CarnetList carnets={carnets.data} receipts={(carnet) => <MyReceiptLinks carnetId={carnet.id} />} />}
      <OnSale />
    </section>
  );
}

function OnSale() {
  const products = useCarnetsOnSale();
  const buy = useBuyCarnet();
  const [error, setError] = useState('');
  if (!products.data || products.data.length === 0) return null;
  const onBuy = async (product: TCarnetProduct) => {
    setError('');
    try {
      await buy.mutateAsync({ product_id: product.id });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Non è stato possibile aprire il pagamento. Riprova più tardi.');
    }
  };
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Carnet in vendita</h3>
      {error && <Alert tone="error">{error}</Alert>}
      <ul className="divide-y divide-slate-200">
        {products.data.map((product) => (
          <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium">{product.name}: {product.uses} ingressi, {formatMoney(product.price)}</p>
              <p className="text-sm text-slate-600">
                {BOOKING_COUPON_BAND_LABELS[product.band]} · un ingresso paga {CARNET_COVER_LABELS[product.covers].toLowerCase()} · {validityText({ start_date: product.valid_from, end_date: product.valid_until })}
              </p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => void onBuy(product)} loading={buy.isPending && buy.variables?.product_id === product.id} loadingText="Apertura del pagamento...">
              Compra con carta
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
