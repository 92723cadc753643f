// "Usa il credito (X €) e paga il resto con carta" on a held booking's payment page: offered when the
// credit available now (the balance less what is set aside for a payment under way) is above zero but does
// not cover the price. The server sets the credit aside and opens one Checkout for the rest (a coupon
// applies to the price first).
import { centsToMoney, creditTowardsCents, moneyToCents, type TMoney } from '@beach/contracts';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { useMyCredit } from '../api/credit';

export function CreditAndCardButton({ price, loading, onPay }: { price: TMoney; loading: boolean; onPay: () => void }) {
  const available = useMyCredit(1).data?.available;
  if (!available || moneyToCents(available) >= moneyToCents(price)) return null;
  const cents = creditTowardsCents(moneyToCents(available), moneyToCents(price));
  if (cents === 0) return null;
  return (
    <div className="space-y-2 rounded-lg bg-sea-50 px-3 py-3">
      <p className="text-sm text-slate-700">Il tuo credito disponibile è di {formatMoney(available)}: non copre l’intero importo, ma puoi usarlo e pagare il resto con carta.</p>
      <Button variant="secondary" onClick={onPay} loading={loading} loadingText="Apertura del pagamento...">
        Usa il credito ({formatMoney(centsToMoney(cents))}) e paga il resto con carta
      </Button>
    </div>
  );
}
