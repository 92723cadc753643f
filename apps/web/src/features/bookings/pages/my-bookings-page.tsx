// /le-mie-prenotazioni (docs/domain.md#cancellations-and-refunds): upcoming and past bookings with their
// status; pay a live hold, cancel while it is free (refunded automatically), otherwise contact the desk.
import { BOOKING_PAID_WITH_LABELS, type TBooking } from '@beach/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
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
import { MyReceiptLinks } from '../../../components/receipt-links';
import { downloadBookingIcs } from '../../../lib/shared-queries';
import { useCalendarFeed, useCancelBooking, useMyBookings, useRegenerateCalendar } from '../api/bookings';
import { rainCheckText, statusOf } from '../labels';
import { MyShares, PlayersPanel } from '../../split-payment';

/** The secret address a phone's calendar subscribes to; regenerating it revokes the old one. */
function CalendarFeed({ confirm }: { confirm: ReturnType<typeof useConfirm>['confirm'] }) {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendar();
  const [copied, setCopied] = useState(false);
  if (!feed.data) return null;
  const renew = async () => {
    if (await confirm({ title: 'Nuovo indirizzo del calendario', message: 'Il vecchio indirizzo smetterà di funzionare: dovrai aggiungere di nuovo il calendario al telefono.', confirmLabel: 'Genera nuovo indirizzo' })) {
      regenerate.mutate();
      setCopied(false);
    }
  };
  return (
    <section aria-labelledby="calendar-feed" className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="calendar-feed" className="font-semibold text-slate-800">
        Calendario sul telefono
      </h2>
      <p className="text-sm text-slate-600">Aggiungi questo indirizzo al calendario del telefono (iscrizione da URL): le prenotazioni confermate compaiono da sole. Non condividerlo.</p>
      <p className="rounded bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-700">{feed.data.url}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(feed.data.url).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copiato!' : 'Copia indirizzo'}
        </Button>
        <Button variant="ghost" size="sm" onClick={renew} loading={regenerate.isPending} loadingText="Generazione...">
          Genera nuovo indirizzo
        </Button>
      </div>
    </section>
  );
}

/** `onCancel` only for upcoming bookings: past ones have no actions. */
function BookingCard({ booking, onCancel, cancelling }: { booking: TBooking; onCancel?: (booking: TBooking) => void; cancelling: boolean }) {
  const status = statusOf(booking);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-sea-900">
          {booking.court.name} <Badge tone={status.tone}>{status.label}</Badge>
        </p>
        <p className="text-sm text-slate-700 first-letter:uppercase">{whenText(booking)}</p>
        <p className="text-sm text-slate-500">
          {formatMoney(booking.price)}
          {booking.paid_with && ` · ${BOOKING_PAID_WITH_LABELS[booking.paid_with]}`}
        </p>
        {booking.rain_check && <p className="text-sm text-slate-700">Annullata dal centro per maltempo. {rainCheckText(booking.rain_check)}</p>}
        <MyReceiptLinks bookingId={booking.id} />
      </div>
      {onCancel && (
        <div className="flex flex-wrap gap-2">
          {booking.status === 'confirmed' && (
            <Button variant="ghost" size="sm" onClick={() => void downloadBookingIcs(booking)}>
              Aggiungi al calendario
            </Button>
          )}
          {booking.can_pay && (
            <Link to={`/prenotazioni/pagamento/${booking.id}`} className={buttonClasses('primary', 'sm')}>
              Completa il pagamento
            </Link>
          )}
          {booking.can_cancel ? (
            <Button variant="secondary" size="sm" onClick={() => onCancel(booking)} loading={cancelling} loadingText="Annullamento...">
              Annulla
            </Button>
          ) : (
            booking.status === 'confirmed' && <span className="text-sm text-slate-600">Per annullare contatta la segreteria</span>
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
  usePageTitle('Le mie prenotazioni');
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  const { confirm, dialog } = useConfirm();
  const { notify, region } = useNotices();

  async function askCancel(booking: TBooking) {
    // The money goes back the way it came: the carnet use, the credit, or the card.
    const refund = {
      carnet: 'ti restituiremo l’ingresso del carnet.',
      credit: 'ti restituiremo l’importo sul tuo credito.',
      credit_card: 'ti restituiremo sul tuo credito la parte pagata con il credito e rimborseremo il resto sulla carta usata.',
      card: 'ti rimborseremo l’intero importo sulla carta usata.',
    }[booking.paid_with ?? 'card'];
    const question = booking.status === 'confirmed' ? `La cancellazione è gratuita: ${refund}` : 'L’orario tornerà libero per gli altri soci.';
    if (!(await confirm({ title: `Annullare la prenotazione del ${whenText(booking)}?`, message: question, confirmLabel: 'Annulla prenotazione', cancelLabel: 'Torna indietro', tone: 'danger' }))) return;
    try {
      notify((await cancel.mutateAsync(booking.id)).message);
    } catch (failure) {
      notify(serverMessage(failure) ?? 'Si è verificato un errore. Riprova più tardi.', 'error');
    }
  }

  const data = bookings.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-sea-900">Le mie prenotazioni</h1>
        <Link to={paths.bookings} className={buttonClasses('primary')}>
          Prenota un campo
        </Link>
      </header>
      {bookings.isPending && <Spinner label="Caricamento delle prenotazioni..." />}
      {bookings.isError && <Alert tone="error">Non è stato possibile caricare le prenotazioni. Riprova più tardi.</Alert>}
      {data && (
        <>
          <section aria-labelledby="upcoming" className="space-y-3">
            <h2 id="upcoming" className="text-lg font-semibold text-slate-800">
              Prossime
            </h2>
            {data.upcoming.length === 0 ? (
              <p className="text-slate-600">Nessuna prenotazione in programma.</p>
            ) : (
              <ul className="space-y-3">
                {data.upcoming.map((booking) => (
                  <BookingCard key={booking.id} booking={booking} onCancel={askCancel} cancelling={cancel.isPending && cancel.variables === booking.id} />
                ))}
              </ul>
            )}
          </section>
          <MyShares />
          {data.past.length > 0 && (
            <section aria-labelledby="past" className="space-y-3">
              <h2 id="past" className="text-lg font-semibold text-slate-800">
                Passate
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
