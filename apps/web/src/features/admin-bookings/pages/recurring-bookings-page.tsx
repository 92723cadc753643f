// /admin/prenotazioni-ricorrenti (staff, docs/domain.md#recurring-series): weekly series — create with a
// preview, see their dates, edit the future ones, cancel one date or the rest.
import { WEEKDAY_LABELS, type TOccurrence, type TRecurringSeries } from '@beach/contracts';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import type { DataColumn } from '../../../components/admin/data-table';
import { PagedTable } from '../../../components/admin/paged-table';
import { useNotices } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatMoney, todayInRome } from '../../../lib/format';
import { usePlanner, useRecurringSeries } from '../api/admin-bookings';
import { SeriesDetailModal } from '../components/series-detail-modal';
import { SeriesFormModal } from '../components/series-form-modal';

export default function RecurringBookingsPage() {
  usePageTitle('Prenotazioni ricorrenti');
  const { notify, region } = useNotices();
  const [page, setPage] = useState(1);
  const series = useRecurringSeries(page);
  // The courts come with today's planner (already cached when coming from it).
  const courts = usePlanner(todayInRome()).data?.courts ?? [];
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<TRecurringSeries | null>(null);
  const [skipped, setSkipped] = useState<TOccurrence[]>([]);

  const columns: DataColumn<TRecurringSeries>[] = [
    { key: 'when', header: 'Quando', cell: (row) => (
      <span>
        <span className="block font-medium text-slate-900">{WEEKDAY_LABELS[row.weekday - 1]} {row.start}–{row.end}</span>
        <span className="block text-xs text-slate-500">dal {formatDate(row.valid_from)} al {formatDate(row.valid_to)}</span>
      </span>
    ) },
    { key: 'court', header: 'Campo', cell: (row) => row.court.name },
    { key: 'customer', header: 'Cliente', cell: (row) => row.customer.name },
    { key: 'price', header: 'Prezzo per data', cell: (row) => formatMoney(row.price) },
    { key: 'dates', header: 'Date', cell: (row) => `${row.upcoming} da giocare su ${row.booked}` },
    { key: 'actions', header: <span className="sr-only">Azioni</span>, label: 'Azioni', cell: (row) => (
      <Button variant="secondary" size="sm" onClick={() => setShown(row)} aria-label={`Gestisci la serie di ${row.customer.name}, ${WEEKDAY_LABELS[row.weekday - 1]} ${row.start}`}>
        Gestisci
      </Button>
    ) },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Prenotazioni ricorrenti" subtitle={<p className="mt-1 text-slate-600">Serie settimanali: corsi, scuole, squadre</p>}>
        <Button onClick={() => setCreating(true)} disabled={courts.length === 0}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Nuova serie
        </Button>
      </PageHeader>
      {skipped.length > 0 && (
        <Alert tone="warning">
          <span className="block font-semibold">Date saltate dall’ultima serie creata:</span>
          <ul className="mt-1 list-disc pl-5">
            {skipped.map((occurrence) => (
              <li key={occurrence.date}>
                {formatDate(occurrence.date)}: {occurrence.reason}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <PagedTable
        read={series}
        failed="Si è verificato un errore nel caricamento delle serie. Riprova più tardi."
        caption="Serie settimanali"
        columns={columns}
        rowKey={(row) => row.id}
        empty={series.isPending ? <Spinner /> : 'Nessuna serie. Creane una con “Nuova serie”.'}
        onPageChange={setPage}
        summary={(from, to, total) => `Mostra ${from} - ${to} di ${total} serie`}
      />
      {creating && (
        <SeriesFormModal
          courts={courts}
          onClose={() => setCreating(false)}
          onCreated={(message, skippedDates) => {
            notify(message);
            setSkipped(skippedDates);
          }}
        />
      )}
      {shown && <SeriesDetailModal key={shown.id} series={shown} onClose={() => setShown(null)} notify={notify} />}
      {region}
    </div>
  );
}
