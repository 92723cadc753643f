// /prenotazioni/pagamento/{bookingId} (docs/domain.md#holds): the hold's summary and countdown, a coupon, the
// total, "Paga con carta" (or credit first, the card for the rest), credit or a carnet use (saying first
// what a use pays) and "Annulla prenotazione". Only the owner sees it (the API answers 404). Stripe's
// "Annulla" comes back here with ?pagamento=annullato: the checkout is abandoned once (the credit it set
// aside is free again at once), its message shown, and the parameter dropped.
import { ZBookingCheckoutBody, type TBookingCheckoutBody, type TMoney } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { localizedTo } from '../../../lib/i18n';
import { TestModeNotice } from '../../../components/test-mode-notice';
import { useBooking } from '../../../lib/shared-queries';
import { useAbandonCheckout, useBookingCheckout, useCancelBooking } from '../api/bookings';
import { useCheckoutCancelled } from '../../../lib/use-checkout-cancelled';
import { BookingSummary } from '../../../components/booking-summary';
import { PayWithCarnet } from '../../carnets';
import { CreditAndCardButton, DebtNotice, PayWithCredit } from '../../credit';
import { PlayersPanel, useBookingSplit } from '../../split-payment';
import { BackToMatch, OpenMatchPanel, useMatchOnBooking } from '../../open-matches';

/** Seconds left until `until`, ticking every second. */
function useCountdown(until: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.floor((Date.parse(until) - now) / 1000)) : 0;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export default function BookingPaymentPage() {
  const { i18n, t } = useLingui();
  const to = (address: string) => localizedTo(i18n.locale as Locale, address);
  usePageTitle(t`Pagamento prenotazione`);
  const id = Number(useParams().bookingId);
  /** Set by the booking just made while the member owes the centre. */
  const debt = (useLocation().state as { debt?: TMoney | null } | null)?.debt;
  const navigate = useNavigate();
  const validId = Number.isInteger(id) && id > 0;
  const booking = useBooking(validId ? id : null);
  const split = useBookingSplit(validId ? id : null);
  // A match's players join from the match page: split payment's panel is not for its booking.
  const match = useMatchOnBooking(validId ? id : null);
  const checkout = useBookingCheckout();
  const cancel = useCancelBooking();
  const { confirm, dialog } = useConfirm();
  const { field, submit, failure, setFailure } = useZodForm({
    schema: ZBookingCheckoutBody,
    defaultValues: { coupon_code: '' },
    messages: { failed: t`Il pagamento non è disponibile in questo momento. Riprova più tardi.` },
  });
  const left = useCountdown(booking.data?.can_pay ? booking.data.hold_expires_at : null);
  const [paidMessage, setPaidMessage] = useState<string | null>(null);

  // Back from Stripe's "Annulla": the open checkout is closed once, whatever re-renders or remounts follow.
  const cancelled = useCheckoutCancelled();
  const { mutate: abandonCheckout, data: abandoned, error: abandonError } = useAbandonCheckout();
  const abandonAsked = useRef(false);
  useEffect(() => {
    if (!cancelled || !validId || abandonAsked.current) return;
    abandonAsked.current = true;
    abandonCheckout(id);
  }, [cancelled, validId, id, abandonCheckout]);
  // The server's message says the credit set aside is free again; a refusal says why in its words (409: the
  // checkout was paid meanwhile). With no answer, or a server error, nothing was charged as far as we know.
  const cancelledMessage = abandoned?.message ?? (abandonError ? (serverMessage(abandonError) ?? t`Pagamento annullato: non ti è stato addebitato nulla.`) : null);

  const data = booking.data;
  // What the organiser pays (the price less the other players' shares): the payment choices wait for it, so
  // none reads the whole price first and then changes.
  const organiserShare = split.isPending ? null : (split.data?.organiser_share ?? data?.price ?? null);
  const lapsed = data && (!data.can_pay || left === 0) && data.status !== 'confirmed';
  const remaining = clock(left);
  const coupon = data?.coupon_code;

  async function pay(body: TBookingCheckoutBody) {
    try {
      await checkout.mutateAsync({ id, body });
    } catch (error) {
      // The hold may have lapsed meanwhile: show the booking as it is now.
      void booking.refetch();
      throw error;
    }
  }

  async function release() {
    if (!(await confirm({ title: t`Annulla prenotazione`, message: t`L’orario tornerà libero per gli altri soci.`, confirmLabel: t`Annulla prenotazione`, cancelLabel: t`Torna indietro`, tone: 'danger' }))) return;
    try {
      await cancel.mutateAsync(id);
      navigate(to(paths.bookings));
    } catch (error) {
      setFailure(serverMessage(error) ?? t`Si è verificato un errore. Riprova più tardi.`);
    }
  }

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <TestModeNotice />
      <h1 className="text-2xl font-bold text-sea-900">
        <Trans>Pagamento prenotazione</Trans>
      </h1>
      <DebtNotice debt={debt} />
      {cancelledMessage && data?.status !== 'confirmed' && <Alert>{cancelledMessage}</Alert>}
      {validId && booking.isPending && <Spinner label={t`Caricamento della prenotazione...`} />}
      {(!validId || booking.isError) && (
        <Alert
          tone="error"
          action={
            <Link to={to(paths.bookings)} className={buttonClasses('secondary', 'sm')}>
              <Trans>Prenota un campo</Trans>
            </Link>
          }
        >
          <Trans>Prenotazione non trovata.</Trans>
        </Alert>
      )}
      {data && (
        <div className="space-y-5 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
          <BookingSummary booking={data} />
          {data.status === 'confirmed' ? (
            <Alert
              tone="success"
              title={paidMessage ?? undefined}
              action={
                <div className="flex flex-wrap gap-2">
                  {match.data && <BackToMatch matchId={match.data.id} />}
                  <Link to={to(paths.myBookings)} className={buttonClasses('secondary', 'sm')}>
                    <Trans>Le mie prenotazioni</Trans>
                  </Link>
                </div>
              }
            >
              <Trans>Questa prenotazione è già pagata e confermata.</Trans>
            </Alert>
          ) : lapsed ? (
            <Alert
              tone="warning"
              action={
                <Link to={to(paths.bookings)} className={buttonClasses('primary', 'sm')}>
                  <Trans>Prenota di nuovo</Trans>
                </Link>
              }
            >
              <Trans>Il tempo per pagare è scaduto e l’orario è stato liberato.</Trans>
            </Alert>
          ) : (
            <>
            <OpenMatchPanel bookingId={id} />
            {!match.isPending && !match.data && <PlayersPanel bookingId={id} />}
            <form onSubmit={submit(pay)} noValidate className="space-y-4">
              <p role="timer" aria-live="off" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <Trans>
                  Il campo è tenuto per te ancora <strong>{remaining}</strong> minuti: completa il pagamento per confermarlo.
                </Trans>
              </p>
              {organiserShare !== null && (
                <>
                  <PayWithCredit bookingId={id} price={organiserShare} onPaid={setPaidMessage} />
                  <PayWithCarnet bookingId={id} price={data.price} organiserShare={organiserShare} onPaid={setPaidMessage} />
                </>
              )}
              <Input
                label={t`Coupon (facoltativo)`}
                placeholder={coupon ?? t`Codice sconto`}
                disabled={Boolean(coupon)}
                hint={coupon ? t`Coupon ${coupon} applicato.` : t`Un coupon prenotazioni, o un coupon tessere valido anche per le prenotazioni.`}
                autoComplete="off"
                {...field('coupon_code')}
              />
              {organiserShare !== null && <CreditAndCardButton price={organiserShare} loading={checkout.isPending} onPay={() => void submit((body) => pay({ ...body, use_credit: true }))()} />}
              <FormAlert failure={failure} />
              <div className="flex flex-wrap justify-between gap-3">
                <Button variant="ghost" onClick={release} loading={cancel.isPending} loadingText={t`Annullamento...`}>
                  <Trans>Annulla prenotazione</Trans>
                </Button>
                <Button type="submit" loading={checkout.isPending} loadingText={t`Apertura del pagamento...`}>
                  <Trans>Paga con carta</Trans>
                </Button>
              </div>
            </form>
            </>
          )}
        </div>
      )}
      {dialog}
    </div>
  );
}
