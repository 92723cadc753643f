// Spec §2/§5/§8: link a Stripe payment received outside the site to a pending card (which then
// activates). Both fields are required; the server checks the payment with Stripe.
import type { TAdminMembership } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { formFailure } from '../../../components/admin/form-failure';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useLinkStripePayment } from '../api/admin-memberships';
import { isForbidden, serverMessage } from '../../../lib/api-errors';
import { MESSAGES } from './messages';

export function LinkPaymentModal({ membership, onClose, onLinked }: { membership: TAdminMembership | null; onClose: () => void; onLinked: (message: string) => void }) {
  const [paymentId, setPaymentId] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const link = useLinkStripePayment();
  const formId = 'link-payment-form';

  const close = () => {
    setPaymentId('');
    setAmount('');
    setError(null);
    setFieldErrors({});
    link.reset();
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!membership) return;
    setError(null);
    setFieldErrors({});
    try {
      await link.mutateAsync({ id: membership.id, body: { stripe_payment_id: paymentId.trim(), amount: amount.trim() } });
      close();
      onLinked(MESSAGES.linked);
    } catch (failure) {
      // A field's message shows under the field only; the alert is for a refusal of the whole link.
      const { fields } = formFailure(failure, MESSAGES.linkFailed);
      setFieldErrors(fields);
      const explained = serverMessage(failure);
      setError(isForbidden(failure) ? MESSAGES.noLinkRight : Object.keys(fields).length ? null : explained ? `Errore: ${explained}` : MESSAGES.linkFailed);
    }
  }

  return (
    <Modal
      open={membership !== null}
      title="Collega pagamento Stripe"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Annulla
          </Button>
          <Button type="submit" form={formId} loading={link.isPending} loadingText="Collegamento...">
            Collega pagamento
          </Button>
        </>
      }
    >
      {membership && (
        <form id={formId} onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            Tessera <strong>{membership.membership_number}</strong> di {membership.user.first_name} {membership.user.last_name}: la tessera verrà attivata con il pagamento indicato.
          </p>
          <Input label="ID pagamento Stripe" required placeholder="pi_..." value={paymentId} onChange={(event) => setPaymentId(event.target.value)} autoComplete="off" error={fieldErrors.stripe_payment_id} />
          <Input label="Importo (€)" required type="number" step="0.01" min="0.01" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} error={fieldErrors.amount} hint={`Prezzo della tessera: ${membership.price.replace('.', ',')} €`} />
          {error && <Alert tone="error">{error}</Alert>}
        </form>
      )}
    </Modal>
  );
}
