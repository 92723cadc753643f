// "Paga con il carnet" on a held booking's payment page: shown when the member has a carnet with uses
// left; the server chooses the one that covers the booking and says why when none does.
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ApiError } from '../../lib/api-transport';
import { useMyCarnets, usePayBookingWithCarnet } from '../../lib/carnets';

export function PayWithCarnet({ bookingId }: { bookingId: number }) {
  const carnets = useMyCarnets();
  const pay = usePayBookingWithCarnet();
  const [error, setError] = useState('');
  const usable = (carnets.data ?? []).filter((carnet) => carnet.usable && carnet.uses_left > 0);
  if (usable.length === 0) return null;
  const onClick = async () => {
    setError('');
    try {
      await pay.mutateAsync(bookingId);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Pagamento con il carnet non riuscito. Riprova più tardi.');
    }
  };
  return (
    <div className="space-y-2 rounded-lg bg-sea-50 px-3 py-3">
      <p className="text-sm text-slate-700">Hai un carnet: puoi pagare questa prenotazione con un ingresso.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button variant="secondary" onClick={() => void onClick()} loading={pay.isPending} loadingText="Pagamento...">
        Paga con il carnet
      </Button>
    </div>
  );
}
