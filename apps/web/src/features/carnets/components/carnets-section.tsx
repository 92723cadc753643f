// The carnets part of /profilo: the member's carnets with the uses left (and each one's receipt), and the
// carnets on sale (with what one use pays) bought online (paid on Stripe Checkout, the carnet made when
// Stripe confirms it) or with the member's credit when it covers the price (the carnet made at once).
import { BOOKING_COUPON_BAND_LABELS, CARNET_COVER_LABELS, moneyToCents, type TCarnetProduct } from '@beach/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { ApiError } from '../../../lib/api-transport';
import { useBuyCarnet, useBuyCarnetWithCredit, useCarnetsOnSale, useMyCarnets } from '../api/carnets';
import { useMyCredit } from '../../credit';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { formatMoney, validityText } from '../../../lib/format';
import { MyReceiptLinks } from '../../../components/receipt-links';
import { CarnetList } from './carnet-list';

export function CarnetsSection() {
  const carnets = useMyCarnets();
  return (
    <CardSection titleId="carnets-title">
      <h2 id="carnets-title" className="text-lg font-semibold">I miei carnet</h2>
      <ReadState read={carnets} loading="Caricamento dei carnet..." failed="Non è stato possibile leggere i carnet. Riprova più tardi." />
      {carnets.data && <CarnetList carnets={carnets.data} receipts={(carnet) => <MyReceiptLinks carnetId={carnet.id} />} />}
      <OnSale />
    </CardSection>
  );
}

function OnSale() {
  const products = useCarnetsOnSale();
  const buy = useBuyCarnet();
  const withCredit = useBuyCarnetWithCredit();
  const available = useMyCredit(1).data?.available;
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { confirm, dialog } = useConfirm();
  if (!products.data || products.data.length === 0) return null;
  /** Runs a purchase: the server's message when it says one (credit), its refusal when it fails. */
  const run = async (action: () => Promise<string | undefined>, failed: string) => {
    setOutcome(null);
    try {
      const message = await action();
      if (message) setOutcome({ tone: 'success', text: message });
    } catch (failure) {
      setOutcome({ tone: 'error', text: failure instanceof ApiError ? failure.message : failed });
    }
  };
  // By card the page leaves for Stripe: nothing to say here unless opening it fails.
  const onBuy = (product: TCarnetProduct) => run(async () => void (await buy.mutateAsync({ product_id: product.id })), 'Non è stato possibile aprire il pagamento. Riprova più tardi.');
  const onCredit = async (product: TCarnetProduct) => {
    const question = { title: `Comprare «${product.name}» con il credito?`, message: `Dal tuo credito togliamo ${formatMoney(product.price)}: il carnet è subito tuo.`, confirmLabel: 'Paga con il credito' };
    if (await confirm(question)) await run(async () => (await withCredit.mutateAsync({ product_id: product.id })).message, 'Non è stato possibile pagare con il credito. Riprova più tardi.');
  };
  const creditCovers = (product: TCarnetProduct) => available !== undefined && moneyToCents(available) >= moneyToCents(product.price);
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Carnet in vendita</h3>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <ul className="divide-y divide-slate-200">
        {products.data.map((product) => (
          <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium">{product.name}: {product.uses} ingressi, {formatMoney(product.price)}</p>
              <p className="text-sm text-slate-600">
                {BOOKING_COUPON_BAND_LABELS[product.band]} · un ingresso paga {CARNET_COVER_LABELS[product.covers].toLowerCase()} · {validityText({ start_date: product.valid_from, end_date: product.valid_until })}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => void onBuy(product)} loading={buy.isPending && buy.variables?.product_id === product.id} loadingText="Apertura del pagamento...">
                Compra con carta
              </Button>
              {creditCovers(product) && (
                <Button size="sm" variant="secondary" onClick={() => void onCredit(product)} loading={withCredit.isPending && withCredit.variables?.product_id === product.id} loadingText="Pagamento...">
                  Paga con il credito
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {dialog}
    </div>
  );
}
