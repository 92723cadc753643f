// "Paga con il credito" on a held booking's payment page: shown only when the member's balance covers
// the whole price (credit alone; the card pays otherwise).
import { moneyToCents, type TMoney } from '@beach/contracts';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ApiError } from '../../lib/api-transport';
import { formatMoney } from '../../lib/format';
import { useMyCredit, usePayBookingWithCredit } from '../../lib/credit';

export function PayWithCredit({ bookingId, price }: { bookingId: number; price: TMoney }) {
  const credit = useMyCredit(1);
  const pay = usePayBookingWithCredit();
  const [error, setError] = useState('');
  const balance = credit.data?.balance;
  if (!balance || moneyToCents(balance) < moneyToCents(price)) return null;
  const onClick = async () => {
    setError('');
    try {
      await pay.mutateAsync(bookingId);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Pagamento con il credito non riuscito. Riprova più tardi.');
    }
  };
  return (
    <div className="space-y-2 rounded-lg bg-sea-50 px-3 py-3">
      <p className="text-sm text-slate-700">Il tuo credito è di {formatMoney(balance)}: copre l’intero importo.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button variant="secondary" onClick={() => void onClick()} loading={pay.isPending} loadingText="Pagamento...">
        Paga con il credito
      </Button>
    </div>
  );
}
