// Link a Stripe payment received outside the site to a pending card (which then activates). Both
// fields are required; the server checks the payment with Stripe.
import { ZLinkStripePaymentBody, type TAdminMembership, type TLinkStripePaymentBody } from '@beach/contracts';
import { Input } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { isForbidden } from '../../../lib/api-errors';
import { useLinkStripePayment } from '../api/admin-memberships';
import { MESSAGES } from './messages';

const FORM_ID = 'link-payment-form';

export function LinkPaymentModal({ membership, onClose, onLinked }: { membership: TAdminMembership | null; onClose: () => void; onLinked: (message: string) => void }) {
  const link = useLinkStripePayment();
  const close = () => {
    link.reset();
    onClose();
  };

  return (
    <FormModal open={membership !== null} title="Collega pagamento Stripe" onClose={close} formId={FORM_ID} saving={link.isPending} submitLabel="Collega pagamento" savingText="Collegamento...">
      {membership && (
        <LinkPaymentForm
          key={membership.id}
          membership={membership}
          send={async (body) => {
            await link.mutateAsync({ id: membership.id, body });
            close();
            onLinked(MESSAGES.linked);
          }}
        />
      )}
    </FormModal>
  );
}

/** Mounted each time the modal opens for a card, so it starts empty. */
function LinkPaymentForm({ membership, send }: { membership: TAdminMembership; send: (body: TLinkStripePaymentBody) => Promise<void> }) {
  const { field, submit, failure, setFailure } = useZodForm({
    schema: ZLinkStripePaymentBody,
    defaultValues: { stripe_payment_id: '', amount: '' },
    messages: { failed: MESSAGES.linkFailed, prefix: 'Errore: ' },
  });
  const sendOrExplain = async (body: TLinkStripePaymentBody) => {
    try {
      await send(body);
    } catch (error) {
      // A 403: the session lost the right while the modal was open.
      if (!isForbidden(error)) throw error;
      setFailure(MESSAGES.noLinkRight);
    }
  };
  return (
    <form id={FORM_ID} onSubmit={submit(sendOrExplain)} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Tessera <strong>{membership.membership_number}</strong> di {membership.user.first_name} {membership.user.last_name}: la tessera verrà attivata con il pagamento indicato.
      </p>
      <Input label="ID pagamento Stripe" required placeholder="pi_..." autoComplete="off" {...field('stripe_payment_id')} />
      <Input label="Importo (€)" required type="number" step="0.01" min="0.01" inputMode="decimal" hint={`Prezzo della tessera: ${membership.price.replace('.', ',')} €`} {...field('amount')} />
      <FormAlert failure={failure} />
    </form>
  );
}
