// "Paga con il carnet" on a held booking's payment page: shown when the member has a carnet with uses
// left; the server chooses the one that covers the booking (expiring first) and says why when none does.
// Before paying the member reads what one use pays, from the carnet's product: their own share (the other
// players pay theirs) or the whole court; after paying, the server's answer says the same.
import { moneyToCents, type TCarnet, type TMoney } from '@beach/contracts';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** What one use pays, in words, for this booking ("un ingresso paga …"). */
function whatAUsePays(cover: Cover, { price, organiserShare }: Pick<PayWithCarnetProps, 'price' | 'organiserShare'>, withPlayers: boolean) {
  const [whole, share] = [formatMoney(price), formatMoney(organiserShare)];
  if (!withPlayers) return msg`un ingresso paga questa prenotazione (${whole})`;
  return cover === 'court'
    ? msg`un ingresso paga tutto il campo (${whole}), comprese le quote degli altri giocatori`
    : msg`un ingresso paga solo la tua quota (${share}): gli altri giocatori pagano la loro`;
}

export function PayWithCarnet({ bookingId, price, organiserShare, onPaid }: PayWithCarnetProps) {
  const { i18n, t } = useLingui();
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
      setError(failure instanceof ApiError ? failure.message : t`Pagamento con il carnet non riuscito. Riprova più tardi.`);
    }
  };
  const paysOf = (cover: Cover) => i18n._(whatAUsePays(cover, { price, organiserShare }, withPlayers));
  const onlyUse = paysOf(covers[0]!);
  return (
    <div className="space-y-2 rounded-lg bg-sea-50 px-3 py-3">
      {!withPlayers || covers.length === 1 ? (
        <p className="text-sm text-slate-700">
          <Trans>Hai un carnet: {onlyUse}.</Trans>
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <Trans>Hai più carnet: si usa quello valido per questa prenotazione che scade prima.</Trans>
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" aria-label={t`Cosa paga un ingresso`}>
            {usable.map(({ id, product: { name, covers: cover } }) => {
              const use = paysOf(cover);
              return (
                <li key={id}>
                  <Trans>
                    <span className="font-medium">{name}</span>: {use}.
                  </Trans>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <Button variant="secondary" onClick={() => void onClick()} loading={pay.isPending} loadingText={t`Pagamento...`}>
        <Trans>Paga con il carnet</Trans>
      </Button>
    </div>
  );
}
