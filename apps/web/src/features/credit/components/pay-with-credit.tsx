// "Paga con il credito" on a held booking's payment page and on a membership card awaiting payment:
// shown only when the credit available now (the balance less what is set aside for a payment under way)
// covers the whole price (credit alone; the card pays otherwise).
import { moneyToCents, type TMoney } from '@beach/contracts';
import type { api, ResponseOf } from '../../../lib/api-routes';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-transport';
import { formatMoney } from '../../../lib/format';
import { useMyCredit, usePayBookingWithCredit, usePayMembershipWithCredit } from '../api/credit';

/** A payment from credit of one booking or card, by its id: both routes answer the change of credit. */
type CreditPayment = Pick<UseMutationResult<ResponseOf<typeof api.credit.payBooking | typeof api.credit.payMembership>, Error, number>, 'mutateAsync' | 'isPending'>;

interface PayFromCreditProps {
  price: TMoney;
  label: string;
  pay: CreditPayment;
  /** The booking or card paid. */
  targetId: number;
  /** The server's answer, for the page to show once the booking or card is paid. */
  onPaid?: (message: string) => void;
}

function PayFromCredit({ price, label, pay, targetId, onPaid }: PayFromCreditProps) {
  const { t } = useLingui();
  const credit = useMyCredit(1);
  const [error, setError] = useState('');
  const available = credit.data?.available;
  if (!available || moneyToCents(available) < moneyToCents(price)) return null;
  const onClick = async () => {
    setError('');
    try {
      const { message } = await pay.mutateAsync(targetId);
      onPaid?.(message);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t`Pagamento con il credito non riuscito. Riprova più tardi.`);
    }
  };
  const balance = formatMoney(available);
  return (
    <div className="space-y-2 rounded-lg bg-sea-50 px-3 py-3">
      <p className="text-sm text-slate-700">
        <Trans>Il tuo credito disponibile è di {balance}: copre l’intero importo.</Trans>
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button variant="secondary" onClick={() => void onClick()} loading={pay.isPending} loadingText={t`Pagamento...`}>
        {label}
      </Button>
    </div>
  );
}

export function PayWithCredit({ bookingId, price, onPaid }: { bookingId: number; price: TMoney; onPaid?: (message: string) => void }) {
  const { t } = useLingui();
  return <PayFromCredit price={price} label={t`Paga con il credito`} onPaid={onPaid} pay={usePayBookingWithCredit()} targetId={bookingId} />;
}

/** The member's own card awaiting payment: paid from credit it is active at once. */
export function PayMembershipWithCredit({ membershipId, price }: { membershipId: number; price: TMoney }) {
  const { t } = useLingui();
  const amount = formatMoney(price);
  return <PayFromCredit price={price} label={t`Paga con il credito (${amount})`} pay={usePayMembershipWithCredit()} targetId={membershipId} />;
}
