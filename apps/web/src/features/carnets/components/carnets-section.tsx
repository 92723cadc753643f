// The carnets part of /profilo: the member's carnets with the uses left (and each one's receipt), and the
// carnets on sale (with what one use pays) bought online (paid on Stripe Checkout, the carnet made when
// Stripe confirms it) or with the member's credit when it covers the price (the carnet made at once).
import { moneyToCents, type TCarnetProduct } from '@beach/contracts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { ApiError } from '../../../lib/api-transport';
import { useBuyCarnet, useBuyCarnetWithCredit, useCarnetsOnSale, useMyCarnets } from '../api/carnets';
import { useMyCredit } from '../../credit';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import { MyReceiptLinks } from '../../../components/receipt-links';
import { BAND_LABELS, USE_PAYS } from '../labels';
import { validityOf } from '../validity';
import { CarnetList } from './carnet-list';

export function CarnetsSection() {
  const { t } = useLingui();
  const carnets = useMyCarnets();
  return (
    <CardSection titleId="carnets-title">
      <h2 id="carnets-title" className="text-lg font-semibold">
        <Trans>I miei carnet</Trans>
      </h2>
      <ReadState read={carnets} loading={t`Caricamento dei carnet...`} failed={t`Non è stato possibile leggere i carnet. Riprova più tardi.`} />
      {carnets.data && <CarnetList carnets={carnets.data} receipts={(carnet) => <MyReceiptLinks carnetId={carnet.id} />} />}
      <OnSale />
    </CardSection>
  );
}

function OnSale() {
  const { i18n, t } = useLingui();
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
  const onBuy = (product: TCarnetProduct) => run(async () => void (await buy.mutateAsync({ product_id: product.id })), t`Non è stato possibile aprire il pagamento. Riprova più tardi.`);
  const onCredit = async (product: TCarnetProduct) => {
    const { name } = product;
    const price = formatMoney(product.price);
    const question = { title: t`Comprare «${name}» con il credito?`, message: t`Dal tuo credito togliamo ${price}: il carnet è subito tuo.`, confirmLabel: t`Paga con il credito` };
    if (await confirm(question)) await run(async () => (await withCredit.mutateAsync({ product_id: product.id })).message, t`Non è stato possibile pagare con il credito. Riprova più tardi.`);
  };
  const creditCovers = (product: TCarnetProduct) => available !== undefined && moneyToCents(available) >= moneyToCents(product.price);
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">
        <Trans>Carnet in vendita</Trans>
      </h3>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <ul className="divide-y divide-slate-200">
        {products.data.map((product) => {
          const { name, uses } = product;
          const price = formatMoney(product.price);
          return (
            <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-medium">
                  {/* Italian says "ingressi" for one too, as it always has; German and English tell one from many. */}
                  <Plural value={uses} one={`${name}: # ingressi, ${price}`} other={`${name}: # ingressi, ${price}`} />
                </p>
                <p className="text-sm text-slate-600">
                  {i18n._(BAND_LABELS[product.band])} · {i18n._(USE_PAYS[product.covers])} · {validityOf(i18n, product)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => void onBuy(product)} loading={buy.isPending && buy.variables?.product_id === product.id} loadingText={t`Apertura del pagamento...`}>
                  <Trans>Compra con carta</Trans>
                </Button>
                {creditCovers(product) && (
                  <Button size="sm" variant="secondary" onClick={() => void onCredit(product)} loading={withCredit.isPending && withCredit.variables?.product_id === product.id} loadingText={t`Pagamento...`}>
                    <Trans>Paga con il credito</Trans>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {dialog}
    </div>
  );
}
