// "Usa il credito (X €) e paga il resto con carta" on a held booking's payment page: offered when the
// credit available now (the balance less what is set aside for a payment under way) is above zero but does
// not cover the price. The server sets the credit aside and opens one Checkout for the rest (a coupon
// applies to the price first).
import { centsToMoney, creditTowardsCents, moneyToCents, type TMoney } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { useMyCredit } from '../api/credit';

export function CreditAndCardButton({ price, loading, onPay }: { price: TMoney; loading: boolean; onPay: () => void }) {
  const { t } = useLingui();
  const available = useMyCredit(1).data?.available;
  if (!available || moneyToCents(available) >= moneyToCents(price)) return null;
  const cents = creditTowardsCents(moneyToCents(available), moneyToCents(price));
  if (cents === 0) return null;
  const balance = formatMoney(available);
  const used = formatMoney(centsToMoney(cents));
  return (
    <div className="space-y-2 rounded-lg bg-sea-50 px-3 py-3">
      <p className="text-sm text-slate-700">
        <Trans>Il tuo credito disponibile è di {balance}: non copre l’intero importo, ma puoi usarlo e pagare il resto con carta.</Trans>
      </p>
      <Button variant="secondary" onClick={onPay} loading={loading} loadingText={t`Apertura del pagamento...`}>
        <Trans>Usa il credito ({used}) e paga il resto con carta</Trans>
      </Button>
    </div>
  );
}
