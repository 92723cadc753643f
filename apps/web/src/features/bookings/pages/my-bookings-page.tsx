// /le-mie-prenotazioni (docs/domain.md#cancellations-and-refunds): upcoming and past bookings with their
// status; pay a live hold, cancel while it is free (refunded automatically), otherwise contact the desk;
// the courts' waiting lists the member is on, an offer with its deadline.
import type { TBooking } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { generatePath, Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { useNotices } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { formatMoney, whenText } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { MyReceiptLinks } from '../../../components/receipt-links';
import { downloadBookingIcs } from '../../../lib/shared-queries';
import { useCalendarFeed, useCancelBooking, useMyBookings, useRegenerateCalendar } from '../api/bookings';
import { BOOKING_PAID_WITH_NAMES, rainCheckText, statusOf } from '../labels';
import { MyShares, PlayersPanel } from '../../split-payment';
import { MySlotWaitlist } from '../components/my-slot-waitlist';

/** The secret address a phone's calendar subscribes to; regenerating it revokes the old one. */
function CalendarFeed({ confirm }: { confirm: ReturnType<typeof useConfirm>['confirm'] }) {
  const { t } = useLingui();
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendar();
  const [copied, setCopied] = useState(false);
  if (!feed.data) return null;
  const renew = async () => {
    if (await confirm({ title: t`Nuovo indirizzo del calendario`, message: t`Il vecchio indirizzo smetterà di funzionare: dovrai aggiungere di nuovo il calendario al telefono.`, confirmLabel: t`Genera nuovo indirizzo` })) {
      regenerate.mutate();
      setCopied(false);
    }
  };
  return (
    <section aria-labelledby="calendar-feed" className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="calendar-feed" className="font-semibold text-slate-800">
        <Trans>Calendario sul telefono</Trans>
      </h2>
      <p className="text-sm text-slate-600">
        <Trans>Aggiungi questo indirizzo al calendario del telefono (iscrizione da URL): le prenotazioni confermate compaiono da sole. Non condividerlo.</Trans>
      </p>
      <p className="rounded bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-700">{feed.data.url}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(feed.data.url).then(() => setCopied(true));
          }}
        >
          {copied ? <Trans>Copiato!</Trans> : <Trans>Copia indirizzo</Trans>}
        </Button>
        <Button variant="ghost" size="sm" onClick={renew} loading={regenerate.isPending} loadingText={t`Generazione...`}>
          <Trans>Genera nuovo indirizzo</Trans>
        </Button>
      </div>
    </section>
  );
}

/** `onCancel` only for upcoming bookings: past ones have no actions. */
function BookingCard({ booking, onCancel, cancelling }: { booking: TBooking; onCancel?: (booking: TBooking) => void; cancelling: boolean }) {
  const { i18n, t } = useLingui();
  const status = statusOf(booking);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-sea-900">
          {booking.court.name} <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
        </p>
        <p className="text-sm text-slate-700 first-letter:uppercase">{whenText(booking)}</p>
        <p className="text-sm text-slate-500">
          {formatMoney(booking.price)}
          {booking.paid_with && ` · ${i18n._(BOOKING_PAID_WITH_NAMES[booking.paid_with])}`}
        </p>
        {booking.rain_check && (
          <p className="text-sm text-slate-700">
            <Trans>Annullata dal centro per maltempo.</Trans> {rainCheckText(i18n, booking.rain_check)}
          </p>
        )}
        <MyReceiptLinks bookingId={booking.id} />
      </div>
      {onCancel && (
        <div className="flex flex-wrap gap-2">
          {booking.status === 'confirmed' && (
            <Button variant="ghost" size="sm" onClick={() => void downloadBookingIcs(booking)}>
              <Trans>Aggiungi al calendario</Trans>
            </Button>
          )}
          {booking.can_pay && (
            <Link to={localizedTo(i18n.locale as Locale, generatePath(paths.bookingPayment, { bookingId: String(booking.id) }))} className={buttonClasses('primary', 'sm')}>
              <Trans>Completa il pagamento</Trans>
            </Link>
          )}
          {booking.can_cancel ? (
            <Button variant="secondary" size="sm" onClick={() => onCancel(booking)} loading={cancelling} loadingText={t`Annullamento...`}>
              {/* "Stornieren" in German, where a dialog's "Annulla" is "Abbrechen". */}
              <Trans context="booking">Annulla</Trans>
            </Button>
          ) : (
            booking.status === 'confirmed' && (
              <span className="text-sm text-slate-600">
                <Trans>Per annullare contatta la segreteria</Trans>
              </span>
            )
          )}
        </div>
      )}
      {/* Who paid and what is owed, while it still matters: on the bookings to come. */}
      {onCancel && booking.has_players && booking.status === 'confirmed' && (
        <div className="basis-full">
          <PlayersPanel bookingId={booking.id} heading="h3" />
        </div>
      )}
    </li>
  );
}

export default function MyBookingsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Le mie prenotazioni`);
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  const { confirm, dialog } = useConfirm();
  const { notify, region } = useNotices();

  async function askCancel(booking: TBooking) {
    // The money goes back the way it came: the carnet use, the credit, or the card.
    const refund = {
      carnet: t`La cancellazione è gratuita: ti restituiremo l’ingresso del carnet.`,
      credit: t`La cancellazione è gratuita: ti restituiremo l’importo sul tuo credito.`,
      credit_card: t`La cancellazione è gratuita: ti restituiremo sul tuo credito la parte pagata con il credito e rimborseremo il resto sulla carta usata.`,
      card: t`La cancellazione è gratuita: ti rimborseremo l’intero importo sulla carta usata.`,
    }[booking.paid_with ?? 'card'];
    const question = booking.status === 'confirmed' ? refund : t`L’orario tornerà libero per gli altri soci.`;
    const when = whenText(booking);
    if (!(await confirm({ title: t`Annullare la prenotazione del ${when}?`, message: question, confirmLabel: t`Annulla prenotazione`, cancelLabel: t`Torna indietro`, tone: 'danger' }))) return;
    try {
      notify((await cancel.mutateAsync(booking.id)).message);
    } catch (failure) {
      notify(serverMessage(failure) ?? t`Si è verificato un errore. Riprova più tardi.`, 'error');
    }
  }

  const data = bookings.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-sea-900">
          <Trans>Le mie prenotazioni</Trans>
        </h1>
        <Link to={localizedTo(i18n.locale as Locale, paths.bookings)} className={buttonClasses('primary')}>
          <Trans>Prenota un campo</Trans>
        </Link>
      </header>
      {bookings.isPending && <Spinner label={t`Caricamento delle prenotazioni...`} />}
      {bookings.isError && (
        <Alert tone="error">
          <Trans>Non è stato possibile caricare le prenotazioni. Riprova più tardi.</Trans>
        </Alert>
      )}
      {data && (
        <>
          <section aria-labelledby="upcoming" className="space-y-3">
            <h2 id="upcoming" className="text-lg font-semibold text-slate-800">
              <Trans>Prossime</Trans>
            </h2>
            {data.upcoming.length === 0 ? (
              <p className="text-slate-600">
                <Trans>Nessuna prenotazione in programma.</Trans>
              </p>
            ) : (
              <ul className="space-y-3">
                {data.upcoming.map((booking) => (
                  <BookingCard key={booking.id} booking={booking} onCancel={askCancel} cancelling={cancel.isPending && cancel.variables === booking.id} />
                ))}
              </ul>
            )}
          </section>
          <MyShares />
          <MySlotWaitlist notify={notify} />
          {data.past.length > 0 && (
            <section aria-labelledby="past" className="space-y-3">
              <h2 id="past" className="text-lg font-semibold text-slate-800">
                <Trans>Passate</Trans>
              </h2>
              <ul className="space-y-3">
                {data.past.map((booking) => (
                  <BookingCard key={booking.id} booking={booking} cancelling={false} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <CalendarFeed confirm={confirm} />
      {dialog}
      {region}
    </div>
  );
}
