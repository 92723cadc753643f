import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { MyCertificate } from '../../../components/certificates/my-certificate';
import { TestModeNotice } from '../../../components/test-mode-notice';
import { MyMemberships } from '../components/my-memberships';
import { PurchaseSection } from '../components/purchase-section';
import { useCheckoutCancelled } from '../../../lib/use-checkout-cancelled';

/** /tesseramento (docs/domain.md#memberships): the member's cards and the request of a new one, or its renewal. */
export default function MembershipPage() {
  const { t } = useLingui();
  usePageTitle(t`Tesseramento`);
  // Where Stripe sends a member who leaves the checkout page without paying (?pagamento=annullato).
  const paymentCancelled = useCheckoutCancelled();
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold text-sea-900">
          <Trans>Tesseramento</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>Le tue tessere e la richiesta di una nuova.</Trans>
        </p>
        <TestModeNotice />
      </header>
      {paymentCancelled && (
        <Alert title={t`Pagamento annullato: non ti è stato addebitato nulla.`}>
          <Trans>La tessera resta in attesa di pagamento: puoi completarlo quando vuoi da questa pagina con «Completa il pagamento».</Trans>
        </Alert>
      )}
      <MyMemberships />
      <MyCertificate />
      <PurchaseSection />
    </div>
  );
}
