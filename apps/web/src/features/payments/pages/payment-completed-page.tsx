import type { TCheckoutOutcome } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { MEMBERSHIP_TYPE_LABELS } from '../../../lib/display-labels';
import { formatMoney, validityText } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { PlayersPanel, useBookingSplit } from '../../split-payment';
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

const ONWARD: Record<TCheckoutOutcome['kind'], [string, MessageDescriptor]> = {
  membership: [paths.membership, msg`Vai al tesseramento`],
  booking: [paths.myBookings, msg`Vai alle mie prenotazioni`],
  credit: [paths.profile, msg`Vai al tuo credito`],
  carnet: [paths.profile, msg`Vai ai tuoi carnet`],
  booking_share: [paths.myBookings, msg`Vai alle mie prenotazioni`],
  enrolment: [paths.profile, msg`Vai alle tue iscrizioni`],
  tournament_fee: [paths.tournaments, msg`Vai ai tornei`],
  debt: [paths.profile, msg`Vai al tuo credito`],
};

function Onward({ kind }: { kind: TCheckoutOutcome['kind'] }) {
  const { i18n } = useLingui();
  const [to, label] = ONWARD[kind];
  return (
    <Link to={localizedTo(i18n.locale as Locale, to)} className={buttonClasses('primary')}>
      {i18n._(label)}
    </Link>
  );
}

function Paid({ kind, children }: { kind: TCheckoutOutcome['kind']; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Screen title={t`Pagamento completato`}>
      <div className="space-y-5 rounded-2xl bg-white p-6 text-center shadow ring-1 ring-slate-200">
        <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-emerald-600" />
        <div className="text-slate-700">{children}</div>
        <Onward kind={kind} />
      </div>
    </Screen>
  );
}

function PaidMembership({ id }: { id: number | null }) {
  const { i18n } = useLingui();
  const { data } = useMyMemberships();
  const membership = data?.find((card) => card.id === id);
  return (
    <Paid kind="membership">
      <p>
        <Trans>La tua tessera è attiva.</Trans>
      </p>
      {membership && (
        <dl className="mx-auto mt-4 grid max-w-sm gap-2 text-left text-sm">
          <div className="flex justify-between gap-4"><dt className="text-slate-500"><Trans>Numero</Trans></dt><dd className="font-mono font-semibold">{membership.membership_number}</dd></div>
          <div className="flex justify-between gap-4"><dt className="text-slate-500"><Trans>Tipo</Trans></dt><dd className="font-semibold">{i18n._(MEMBERSHIP_TYPE_LABELS[membership.type])}</dd></div>
          <div className="flex justify-between gap-4"><dt className="text-slate-500"><Trans>Validità</Trans></dt><dd className="font-semibold">{validityText(membership)}</dd></div>
        </dl>
      )}
      <p className="mt-4 text-sm">
        <Trans>In Tesseramento trovi il QR code da mostrare all’ingresso e il PDF della tessera.</Trans>
      </p>
    </Paid>
  );
}

/** A shared court's organiser paid their part: what they paid, and each other player's share, paid or still owed. */
function SharedCourtPaid({ bookingId }: { bookingId: number }) {
  const { data } = useBookingSplit(bookingId);
  if (!data) return null;
  const paid = formatMoney(data.organiser_paid);
  return (
    <>
      <p className="font-semibold text-slate-900">
        <Trans>Hai pagato {paid}: la tua parte del campo.</Trans>
      </p>
      <PlayersPanel bookingId={bookingId} />
    </>
  );
}

function PaidBooking({ id }: { id: number | null }) {
  const { t } = useLingui();
  const { data } = useBooking(id);
  return (
    <Paid kind="booking">
      <p>
        <Trans>La tua prenotazione è confermata: trovi i dettagli nelle tue prenotazioni.</Trans>
      </p>
      {data && (
        <div className="mx-auto mt-4 max-w-sm space-y-3 text-left">
          {data.has_players && <SharedCourtPaid bookingId={data.id} />}
          <BookingSummary booking={data} priceLabel={data.has_players ? t`Prezzo del campo` : undefined} />
          {data.status === 'confirmed' && (
            <Button variant="secondary" size="sm" onClick={() => void downloadBookingIcs(data)}>
              <Trans>Aggiungi al calendario</Trans>
            </Button>
          )}
        </div>
      )}
    </Paid>
  );
}

function Outcome({ sessionId }: { sessionId: string }) {
  const { t } = useLingui();
  const { data, error, gaveUp } = usePaymentOutcome(sessionId);
  // `details`: a field message ("Sessione di pagamento non valida.") says more than the generic 422 one.
  if (error) {
    return (
      <Screen title={t`Verifica del pagamento non riuscita`}>
        <Alert tone="error" action={<Onward kind="membership" />}>{error instanceof ApiError ? error.details : error.message}</Alert>
      </Screen>
    );
  }
  if (!data || data.status === 'pending') {
    return (
      <Screen title={t`Conferma del pagamento`}>
        {gaveUp ? (
          <Alert title={t`La conferma sta richiedendo più del previsto.`} action={<Onward kind={data?.kind ?? 'membership'} />}>
            <Trans>Non serve pagare di nuovo: riceverai un’e-mail di conferma appena il pagamento sarà registrato.</Trans>
          </Alert>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center text-sea-800 shadow ring-1 ring-slate-200">
            <Spinner size="lg" label="" />
            <p className="font-semibold">
              <Trans>Stiamo confermando il pagamento...</Trans>
            </p>
            <p className="text-sm text-slate-600">
              <Trans>Ci vuole qualche secondo: la pagina si aggiorna da sola.</Trans>
            </p>
          </div>
        )}
      </Screen>
    );
  }
  if (data.status === 'failed') {
    return (
      <Screen title={t`Pagamento non riuscito`}>
        <Alert tone="error" title={t`Il pagamento non è andato a buon fine.`} action={<Onward kind={data.kind} />}>
          <Trans>Non ti è stato addebitato nulla. Puoi riprovare quando vuoi.</Trans>
        </Alert>
      </Screen>
    );
  }
  if (data.kind === 'membership') return <PaidMembership id={data.target_id} />;
  if (data.kind === 'credit') return <Paid kind="credit"><p><Trans>Ricarica completata: il credito è già disponibile.</Trans></p></Paid>;
  if (data.kind === 'carnet') return <Paid kind="carnet"><p><Trans>Carnet acquistato: trovi gli ingressi nel tuo profilo.</Trans></p></Paid>;
  if (data.kind === 'enrolment') return <Paid kind="enrolment"><p><Trans>Iscrizione confermata: ci vediamo al corso!</Trans></p></Paid>;
  if (data.kind === 'tournament_fee') return <Paid kind="tournament_fee"><p><Trans>Quota del torneo pagata: ci vediamo in campo!</Trans></p></Paid>;
  if (data.kind === 'debt') return <Paid kind="debt"><p><Trans>Pagamento ricevuto: quanto dovevi al centro è saldato.</Trans></p></Paid>;
  if (data.kind === 'booking_share') return <Paid kind="booking_share"><p><Trans>Quota pagata: ci vediamo in campo!</Trans></p></Paid>;
  return <PaidBooking id={data.target_id} />;
}

/** /pagamento-completato (docs/domain.md#payments): where Stripe sends the member back after paying. */
export default function PaymentCompletedPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <TestModeNotice />
      <div aria-live="polite" className="space-y-6">
        {sessionId ? (
          <Outcome sessionId={sessionId} />
        ) : (
          <Screen title={t`Pagamento non trovato`}>
            <Alert tone="error" title={t`Manca il riferimento del pagamento.`} action={<Onward kind="membership" />}>
              <Trans>Apri questa pagina dal ritorno del pagamento online. Lo stato delle tue tessere è sempre in Tesseramento.</Trans>
            </Alert>
          </Screen>
        )}
      </div>
    </div>
  );
}
