// "Paga con il carnet" on a held booking's payment page: shown when the member has a carnet with uses
// left; the server chooses the one that covers the booking (expiring first) and says why when none does.
// Before paying the member reads what one use pays, from the carnet's product: their own share (the other
// players pay theirs) or the whole court; after paying, the server's answer says the same.
import { moneyToCents, type TCarnet, type TMoney } from '@beach/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-transport';
import { useMyCarnets, usePayBookingWithCarnet } from '../api/carnets';
import { formatMoney } from '../../../lib/format';

interface PayWithCarnetProps {
  bookingId: number;
  /** The booking's price: what a use pays when it covers the whole court. */
  price: TMoney;
  /** What the organiser pays to confirm it (the price less the other players' shares): the page waits for the players' split to know it. */
  organiserShare: TMoney;
  /** The server's answer ("La tua quota è pagata…", "Campo pagato…"), for the page to show once the booking is confirmed. */
  onPaid?: (message: string) => void;
}

type Cover = TCarnet['product']['covers'];

/** What one use pays, in words, for this booking. */
function whatAUsePays(cover: Cover, { price, organiserShare }: Pick<PayWithCarnetProps, 'price' | 'organiserShare'>, withPlayers: boolean) {
  if (!withPlayers) return `paga questa prenotazione (${formatMoney(price)})`;
  return cover === 'court'
    ? `paga tutto il campo (${formatMoney(price)}), comprese le quote degli altri giocatori`
    : `paga solo la tua quota (${formatMoney(organiserShare)}): gli altri giocatori pagano la loro`;
}

export function PayWithCarnet({ bookingId, price, organiserShare, onPaid }: PayWithCarnetProps) {
  const carnets = useMyCarnets();
  const pay = usePayBookingWithCarnet();
  const [error, setError] = useState('');
  const usable = (carnets.data ?? []).filter((carnet) => carnet.usable && carnet.uses_left > 0);
  if (usable.length === 0) return null;
  // Other players share the court: a use of a carnet for the organiser's share then pays less than the price.
  // Alone, every carnet pays the whole booking; with players, carnets of both kinds are each explained.
  const withPlayers = moneyToCents(organiserShare) < moneyToCents(price);
  const covers = [...new Set(usable.map((carnet) => carnet.product.covers))];
  const onClick = async () => {
    setError('');
    try {
      const { message } = await pay.mutateAsync(bookingId);
      onPaid?.(message);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Pagamento con il carnet non riuscito. Riprova più tardi.');
    }
  };
  return (
    <div className="space-y-2 rounded-lg bg-sea-50 px-3 py-3">
      {!withPlayers || covers.length === 1 ? (
        <p className="text-sm text-slate-700">Hai un carnet: un ingresso {whatAUsePays(covers[0]!, { price, organiserShare }, withPlayers)}.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">Hai più carnet: si usa quello valido per questa prenotazione che scade prima.</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" aria-label="Cosa paga un ingresso">
            {usable.map((carnet) => (
              <li key={carnet.id}>
                <span className="font-medium">{carnet.product.name}</span>: un ingresso {whatAUsePays(carnet.product.covers, { price, organiserShare }, withPlayers)}.
              </li>
            ))}
          </ul>
        </>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <Button variant="secondary" onClick={() => void onClick()} loading={pay.isPending} loadingText="Pagamento...">
        Paga con il carnet
      </Button>
    </div>
  );
}
