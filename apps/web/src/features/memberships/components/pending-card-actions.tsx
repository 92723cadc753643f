import type { TMyMembership } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import CreditCard from 'lucide-react/icons/credit-card';
import Store from 'lucide-react/icons/store';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PayByTransfer } from '../../bank-transfer';
import { PayMembershipWithCredit } from '../../credit';
import { useCancelMembership, useCheckout } from '../api/memberships';

function CancelRequest({ membership }: { membership: TMyMembership }) {
  const { t } = useLingui();
  const number = membership.membership_number;
  const [open, setOpen] = useState(false);
  const cancel = useCancelMembership();
  const close = () => {
    setOpen(false);
    cancel.reset();
  };
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Trans>Annulla richiesta</Trans>
      </Button>
      <Modal
        open={open}
        title={t`Annullare la richiesta?`}
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              <Trans>No, mantienila</Trans>
            </Button>
            <Button variant="danger" loading={cancel.isPending} loadingText={t`Annullamento...`} onClick={() => cancel.mutate(membership.id, { onSuccess: close })}>
              <Trans>Sì, annulla la richiesta</Trans>
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          <Trans>La richiesta della tessera {number} verrà annullata. Potrai richiedere una nuova tessera quando vuoi.</Trans>
        </p>
        {cancel.isError && (
          <div className="mt-3">
            <Alert tone="error">{cancel.error.message}</Alert>
          </div>
        )}
      </Modal>
    </>
  );
}

/** Why a pending card waits and what the member can do about it (docs/domain.md#memberships). */
export function PendingCardActions({ membership }: { membership: TMyMembership }) {
  const { t } = useLingui();
  const checkout = useCheckout();
  if (membership.awaiting === 'payment') {
    return (
      <div className="space-y-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-500/30">
        <p>
          <Trans>
            <span className="font-semibold">In attesa di pagamento.</span> La tessera si attiva appena completi il pagamento online.
          </Trans>
        </p>
        <PayMembershipWithCredit membershipId={membership.id} price={membership.price} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => checkout.mutate(membership.id)} loading={checkout.isPending || checkout.isSuccess} loadingText={t`Apertura del pagamento...`}>
            <CreditCard aria-hidden="true" className="h-4 w-4" />
            <Trans>Completa il pagamento</Trans>
          </Button>
          {membership.can_cancel && <CancelRequest membership={membership} />}
        </div>
        {checkout.isError && <Alert tone="error">{checkout.error.message}</Alert>}
        <PayByTransfer owed={{ kind: 'membership', id: membership.id }} />
      </div>
    );
  }
  if (membership.awaiting === 'desk') {
    return (
      <div className="space-y-3 rounded-lg bg-sea-50 p-4 text-sm text-sea-900 ring-1 ring-sea-600/20">
        <p className="flex items-center gap-2 font-semibold">
          <Store aria-hidden="true" className="h-4 w-4" /> <Trans>Passa in segreteria</Trans>
        </p>
        <p>
          <Trans>Le tessere gratuite e quelle dei minori si attivano in segreteria, dove per un minore firma un genitore.</Trans>
        </p>
        {membership.can_cancel && <CancelRequest membership={membership} />}
      </div>
    );
  }
  return null;
}
