import { MEMBERSHIP_TYPE_LABELS, type TCheckoutOutcome } from '@beach/contracts';
import CircleCheck from 'lucide-react/icons/circle-check';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-transport';
import { BookingSummary } from '../../../components/booking-summary';
import { downloadBookingIcs, useBooking, useMyMemberships } from '../../../lib/shared-queries';
import { validityText } from '../../../lib/format';
import { usePaymentOutcome } from '../api/payments';
import { TestModeNotice } from '../../../components/test-mode-notice';

/** One state of the page: its title (tab and heading) and what it says. */
function Screen({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <>
      <h1 className="text-2xl font-bold text-sea-900">{title}</h1>
      {children}
    </>
  );
}

const ONWARD: Record<TCheckoutOutcome['kind'], [string, string]> = {
  membership: [paths.membership, 'Vai al tesseramento'],
  booking: [paths.myBookings, 'Vai alle mie prenotazioni'],
  credit: [paths.profile, 'Vai al tuo credito'],
  carnet: [paths.profile, 'Vai ai tuoi carnet'],
  booking_share: [paths.myBookings, 'Vai alle mie prenotazioni'],
};

function Onward({ kind }: { kind: TCheckoutOutcome['kind'] }) {
  const [to, label] = ONWARD[kind];
  return (
    <Link to={to} className={buttonClasses('primary')}>
      {label}
    </Link>
  );
}

function Paid({ kind, children }: { kind: TCheckoutOutcome['kind']; children: ReactNode }) {
  return (
    <Screen title="Pagamento completato">
      <div className="space-y-5 rounded-2xl bg-white p-6 text-center shadow ring-1 ring-slate-200">
        <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-emerald-600" />
        <div className="text-slate-700">{children}</div>
        <Onward kind={kind} />
      </div>
    </Screen>
  );
}

function PaidMembership({ id }: { id: number | null }) {
  const { data } = useMyMemberships();
  const membership = data?.find((card) => card.id === id);
  return (
    <Paid kind="membership">
      <p>La tua tessera è attiva.</p>
      {membership && (
        <dl className="mx-auto mt-4 grid max-w-sm gap-2 text-left text-sm">
          <div className="flex justify-between gap-4"><dt className="text-slate-500">Numero</dt><dd className="font-mono font-semibold">{membership.membership_number}</dd></div>
          <div className="flex justify-between gap-4"><dt className="text-slate-500">Tipo</dt><dd className="font-semibold">{MEMBERSHIP_TYPE_LABELS[membership.type]}</dd></div>
          <div className="flex justify-between gap-4"><dt className="text-slate-500">Validità</dt><dd className="font-semibold">{validityText(membership)}</dd></div>
        </dl>
      )}
      <p className="mt-4 text-sm">In Tesseramento trovi il QR code da mostrare all’ingresso e il PDF della tessera.</p>
    </Paid>
  );
}

function PaidBooking({ id }: { id: number | null }) {
  const { data } = useBooking(id);
  return (
    <Paid kind="booking">
      <p>La tua prenotazione è confermata: trovi i dettagli nelle tue prenotazioni.</p>
      {data && (
        <div className="mx-auto mt-4 max-w-sm space-y-3 text-left">
          <BookingSummary booking={data} />
          {data.status === 'confirmed' && (
            <Button variant="secondary" size="sm" onClick={() => void downloadBookingIcs(data)}>
              Aggiungi al calendario
            </Button>
          )}
        </div>
      )}
    </Paid>
  );
}

function Outcome({ sessionId }: { sessionId: string }) {
  const { data, error, gaveUp } = usePaymentOutcome(sessionId);
  // `details`: a field message ("Sessione di pagamento non valida.") says more than the generic 422 one.
  if (error) {
    return (
      <Screen title="Verifica del pagamento non riuscita">
        <Alert tone="error" action={<Onward kind="membership" />}>{error instanceof ApiError ? error.details : error.message}</Alert>
      </Screen>
    );
  }
  if (!data || data.status === 'pending') {
    return (
      <Screen title="Conferma del pagamento">
        {gaveUp ? (
          <Alert title="La conferma sta richiedendo più del previsto." action={<Onward kind={data?.kind ?? 'membership'} />}>
            Non serve pagare di nuovo: riceverai un’e-mail di conferma appena il pagamento sarà registrato.
          </Alert>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center text-sea-800 shadow ring-1 ring-slate-200">
            <Spinner size="lg" label="" />
            <p className="font-semibold">Stiamo confermando il pagamento...</p>
            <p className="text-sm text-slate-600">Ci vuole qualche secondo: la pagina si aggiorna da sola.</p>
          </div>
        )}
      </Screen>
    );
  }
  if (data.status === 'failed') {
    return (
      <Screen title="Pagamento non riuscito">
        <Alert tone="error" title="Il pagamento non è andato a buon fine." action={<Onward kind={data.kind} />}>
          Non ti è stato addebitato nulla. Puoi riprovare quando vuoi.
        </Alert>
      </Screen>
    );
  }
  if (data.kind === 'membership') return <PaidMembership id={data.target_id} />;
  if (data.kind === 'credit') return <Paid kind="credit"><p>Ricarica completata: il credito è già disponibile.</p></Paid>;
  if (data.kind === 'carnet') return <Paid kind="carnet"><p>Carnet acquistato: trovi gli ingressi nel tuo profilo.</p></Paid>;
  if (data.kind === 'booking_share') return <Paid kind="booking_share"><p>Quota pagata: ci vediamo in campo!</p></Paid>;
  return <PaidBooking id={data.target_id} />;
}

/** /pagamento-completato (docs/domain.md#payments): where Stripe sends the member back after paying. */
export default function PaymentCompletedPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <TestModeNotice />
      <div aria-live="polite" className="space-y-6">
        {sessionId ? (
          <Outcome sessionId={sessionId} />
        ) : (
          <Screen title="Pagamento non trovato">
            <Alert tone="error" title="Manca il riferimento del pagamento." action={<Onward kind="membership" />}>
              Apri questa pagina dal ritorno del pagamento online. Lo stato delle tue tessere è sempre in Tesseramento.
            </Alert>
          </Screen>
        )}
      </div>
    </div>
  );
}
