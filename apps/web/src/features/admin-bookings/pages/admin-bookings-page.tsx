// /admin/prenotazioni (staff, docs/domain.md#desk-planner): the day planner for the front desk, and the list
// of bookings with filters and CSV export. A free cell books, a booking opens its details and actions.
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, PAYMENT_STATE_LABELS, PAYMENT_STATES, type TAdminBooking, type TPlanner } from '@beach/contracts';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CloudRain from 'lucide-react/icons/cloud-rain';
import Download from 'lucide-react/icons/download';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/admin/page-header';
import type { DataColumn } from '../../../components/admin/data-table';
import { PagedTable } from '../../../components/admin/paged-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useListState } from '../../../components/admin/use-list-state';
import { useNotices } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { RetryAlert } from '../../../components/ui/loaded';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { RainCheckDialog } from '../../rain-check';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-errors';
import { formatDate, formatMoney, todayInRome } from '../../../lib/format';
import { exportBookings, useAdminBookings, usePlanner } from '../api/admin-bookings';
import { BookingDetailModal } from '../components/booking-detail-modal';
import { DeskBookingModal, type DeskBookingStart } from '../components/desk-booking-modal';
import { PlannerGrid } from '../components/planner-grid';
import { useDeskMatches } from '../../admin-open-matches';
import { PaymentBadge, StatusBadge } from '../labels';

const shiftDay = (date: string, days: number) => {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};
const dayTitle = (date: string) =>
  new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

const STATUS_OPTIONS = [{ value: '', label: 'Tutti' }, ...BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] }))];
const PAYMENT_OPTIONS = [{ value: '', label: 'Tutti' }, ...PAYMENT_STATES.map((state) => ({ value: state, label: PAYMENT_STATE_LABELS[state] }))];

function BookingsList({ courts, onOpen }: { courts: TPlanner['courts']; onOpen: (booking: TAdminBooking) => void }) {
  const today = todayInRome();
  const list = useListState({ status: '', payment: '', court_id: '' });
  const [range, setRange] = useState({ date_from: today, date_to: shiftDay(today, 6) });
  const [exportError, setExportError] = useState<string | null>(null);
  const filter = { ...range, ...list.filters, search: list.search };
  const bookings = useAdminBookings({ ...filter, page: list.page });
  const page = bookings.data;

  const columns: DataColumn<TAdminBooking>[] = [
    { key: 'when', header: 'Quando', cell: (row) => `${formatDate(row.date)} · ${row.start}–${row.end}` },
    { key: 'court', header: 'Campo', cell: (row) => row.court.name },
    { key: 'customer', header: 'Cliente', cell: (row) => (
      <span>
        <span className="block font-medium text-slate-900">{row.customer.name}</span>
        {row.customer.phone && <span className="block text-xs text-slate-500">{row.customer.phone}</span>}
      </span>
    ) },
    { key: 'status', header: 'Stato', cell: (row) => <StatusBadge status={row.status} /> },
    { key: 'payment', header: 'Pagamento', cell: (row) => <PaymentBadge booking={row} /> },
    { key: 'price', header: 'Prezzo', cell: (row) => formatMoney(row.price) },
    { key: 'open', header: <span className="sr-only">Azioni</span>, label: 'Azioni', cell: (row) => (
      <Button variant="secondary" size="sm" onClick={() => onOpen(row)} aria-label={`Dettagli della prenotazione di ${row.customer.name} del ${formatDate(row.date)} alle ${row.start}`}>
        Dettagli
      </Button>
    ) },
  ];

  async function download() {
    setExportError(null);
    try {
      await exportBookings(filter);
    } catch (error) {
      setExportError(serverMessage(error) ?? 'Si è verificato un errore nell’esportazione. Riprova più tardi.');
    }
  }

  return (
    <section aria-label="Elenco prenotazioni" className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Input label="Dal" type="date" value={range.date_from} onChange={(event) => setRange({ ...range, date_from: event.target.value })} />
        <Input label="Al" type="date" value={range.date_to} onChange={(event) => setRange({ ...range, date_to: event.target.value })} />
        <Button variant="secondary" onClick={() => void download()}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Esporta CSV
        </Button>
      </div>
      {exportError && <Alert tone="error">{exportError}</Alert>}
      <FilterBar
        search={{ label: 'Cliente', placeholder: 'Nome, telefono o e-mail', value: list.text, onChange: list.setText }}
        selects={[
          { name: 'status', label: 'Stato', value: list.filters.status, options: STATUS_OPTIONS, onChange: (value) => list.setFilter('status', value) },
          { name: 'payment', label: 'Pagamento', value: list.filters.payment, options: PAYMENT_OPTIONS, onChange: (value) => list.setFilter('payment', value) },
          { name: 'court_id', label: 'Campo', value: list.filters.court_id, options: [{ value: '', label: 'Tutti' }, ...courts.map((court) => ({ value: String(court.id), label: court.name }))], onChange: (value) => list.setFilter('court_id', value) },
        ]}
        onClear={list.clear}
        canClear={list.filtered}
        total={page ? `${page.total} ${page.total === 1 ? 'prenotazione' : 'prenotazioni'}` : ' '}
      />
      <PagedTable
        read={bookings}
        failed={serverMessage(bookings.error) ?? 'Si è verificato un errore nel caricamento delle prenotazioni. Riprova più tardi.'}
        caption="Prenotazioni"
        columns={columns}
        rowKey={(row) => row.id}
        empty={bookings.isPending ? <Spinner /> : 'Nessuna prenotazione con questi filtri.'}
        onPageChange={list.setPage}
        summary={(from, to, total) => `Mostra ${from} - ${to} di ${total} prenotazioni`}
      />
    </section>
  );
}

export default function AdminBookingsPage() {
  usePageTitle('Prenotazioni');
  const [params, setParams] = useSearchParams();
  const date = params.get('data') ?? todayInRome();
  const view = params.get('vista') === 'elenco' ? 'list' : 'planner';
  const planner = usePlanner(date);
  const deskMatches = useDeskMatches(date).data;
  const matchesByBooking = useMemo(() => new Map(deskMatches?.map((match) => [match.booking_id, match])), [deskMatches]);
  const { notify, region } = useNotices();
  const [booking, setBooking] = useState<DeskBookingStart | null>(null);
  const [shown, setShown] = useState<TAdminBooking | null>(null);
  const [raining, setRaining] = useState(false);
  const go = (next: { data?: string; vista?: string }) => setParams((current) => ({ ...Object.fromEntries(current), ...next }), { replace: true });

  return (
    <div className="mx-auto max-w-[100rem] space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Prenotazioni" subtitle={<p className="mt-1 text-slate-600">Planner dei campi e prenotazioni in segreteria</p>}>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={paths.admin.cancelledBookings} className={buttonClasses('ghost', 'sm')}>
            Prenotazioni cancellate
          </Link>
          <div role="tablist" aria-label="Vista" className="inline-flex rounded-lg bg-slate-100 p-1">
            {(['planner', 'list'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={view === name}
                onClick={() => go({ vista: name === 'list' ? 'elenco' : 'planner' })}
                className={`rounded-md px-4 py-1.5 text-sm font-semibold ${view === name ? 'bg-white text-sea-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
              >
                {name === 'planner' ? 'Planner' : 'Elenco'}
              </button>
            ))}
          </div>
        </div>
      </PageHeader>

      {view === 'planner' ? (
        <section aria-label="Planner" className="space-y-4">
          <div className="flex flex-wrap items-end gap-2">
            <Button variant="secondary" onClick={() => go({ data: shiftDay(date, -1) })} aria-label="Giorno precedente">
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Input label="Giorno" type="date" value={date} onChange={(event) => event.target.value && go({ data: event.target.value })} />
            <Button variant="secondary" onClick={() => go({ data: shiftDay(date, 1) })} aria-label="Giorno successivo">
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button variant="ghost" onClick={() => go({ data: todayInRome() })}>
              Oggi
            </Button>
            <Button variant="secondary" disabled={!planner.data} onClick={() => setRaining(true)}>
              <CloudRain aria-hidden="true" className="h-4 w-4" />
              Annulla per pioggia
            </Button>
            <p className="ml-auto text-lg font-semibold capitalize text-slate-800" aria-live="polite">
              {dayTitle(date)}
            </p>
          </div>
          <ul aria-label="Legenda" className="flex flex-wrap gap-3 text-xs text-slate-600">
            <li className="flex items-center gap-1"><span className="h-3 w-3 rounded bg-emerald-200 ring-1 ring-emerald-400" /> Pagata</li>
            <li className="flex items-center gap-1"><span className="h-3 w-3 rounded bg-amber-200 ring-1 ring-amber-400" /> Da pagare</li>
            <li className="flex items-center gap-1"><span className="h-3 w-3 rounded bg-sky-200 ring-1 ring-sky-400" /> Attesa pagamento online</li>
            <li className="flex items-center gap-1"><span className="h-3 w-3 rounded bg-indigo-100 ring-1 ring-indigo-300" /> Corso</li>
            <li className="flex items-center gap-1"><span className="h-3 w-3 rounded bg-rose-100 ring-1 ring-rose-300" /> Chiuso</li>
          </ul>
          {planner.isPending ? (
            <Spinner label="Caricamento del planner..." />
          ) : planner.isError ? (
            <RetryAlert onRetry={() => void planner.refetch()}>
              {serverMessage(planner.error) ?? 'Si è verificato un errore nel caricamento del planner. Riprova più tardi.'}
            </RetryAlert>
          ) : (
            <PlannerGrid planner={planner.data} now={planner.dataUpdatedAt} onBook={(court, slotIndex) => setBooking({ courtId: court.id, slotIndex })} onOpen={setShown} matches={matchesByBooking} />
          )}
        </section>
      ) : (
        <BookingsList courts={planner.data?.courts ?? []} onOpen={setShown} />
      )}

      {booking && planner.data && <DeskBookingModal planner={planner.data} start={booking} onClose={() => setBooking(null)} onBooked={(message) => notify(message)} />}
      {shown && <BookingDetailModal key={shown.id} booking={shown} courts={planner.data?.courts ?? []} onClose={() => setShown(null)} onDone={(message) => notify(message)} />}
      {raining && planner.data && <RainCheckDialog key={planner.data.date} planner={planner.data} onClose={() => setRaining(false)} />}
      {region}
    </div>
  );
}
