// /admin/carnet (admin): the carnet products — uses, the bookings they cover, what one use pays (the
// organiser's share or the whole court), price, validity and whether they are on sale. Carnets already
// sold keep what they were sold with.
import { BOOKING_COUPON_BAND_LABELS, CARNET_COVER_LABELS, type TCarnetProduct } from '@beach/contracts';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { PageHeader } from '../../../components/admin/page-header';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { useNotices } from '../../../components/admin/notices';
import { Loaded } from '../../../components/ui/loaded';
import { Badge } from '../../../components/ui/badge';
import { Button, IconButton } from '../../../components/ui/button';
import { useCarnetProducts } from '../api/carnets';
import { formatMoney, validityText } from '../../../lib/format';
import { useAdminCourts } from '../../../lib/shared-queries';
import { usePageTitle } from '../../../lib/use-page-title';
import { CarnetProductFormModal } from '../components/carnet-product-form-modal';

export default function AdminCarnetProductsPage() {
  usePageTitle('Carnet');
  const { notify, region } = useNotices();
  const products = useCarnetProducts();
  const courts = useAdminCourts();
  const [editing, setEditing] = useState<TCarnetProduct | null | undefined>(undefined);
  const courtNames = (ids: number[]) =>
    ids.length === 0 ? 'Tutti i campi prenotabili' : ids.map((id) => courts.data?.find((court) => court.id === id)?.name ?? `#${id}`).join(', ');

  const columns: DataColumn<TCarnetProduct>[] = [
    { key: 'name', header: 'Nome', cell: (product) => <span className="font-semibold">{product.name}</span> },
    { key: 'uses', header: 'Ingressi', cell: (product) => product.uses },
    { key: 'bookings', header: 'Copre', cell: (product) => `${BOOKING_COUPON_BAND_LABELS[product.band]} · ${courtNames(product.court_ids)}` },
    { key: 'covers', header: 'Un ingresso paga', cell: (product) => CARNET_COVER_LABELS[product.covers] },
    { key: 'price', header: 'Prezzo', cell: (product) => formatMoney(product.price) },
    { key: 'validity', header: 'Validità', cell: (product) => validityText({ start_date: product.valid_from, end_date: product.valid_until }) },
    { key: 'status', header: 'Stato', cell: (product) => (product.is_active ? <Badge tone="green">In vendita</Badge> : <Badge>Non in vendita</Badge>) },
    {
      key: 'actions',
      header: <span className="sr-only">Azioni</span>,
      cell: (product) => (
        <IconButton icon={Pencil} label={`Modifica ${product.name}`} onClick={() => setEditing(product)} />
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Carnet" subtitle={<p className="mt-1 text-slate-600">Pacchetti di ingressi venduti in segreteria e online: ogni ingresso paga una prenotazione coperta</p>}>
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Nuovo carnet
        </Button>
      </PageHeader>
      <Loaded read={products} failed="Si è verificato un errore nel caricamento dei carnet. Riprova più tardi.">
        {(rows) => <DataTable caption="Carnet" columns={columns} rows={rows} rowKey={(product) => product.id} empty="Nessun carnet. Creane uno con “Nuovo carnet”." />}
      </Loaded>
      {editing !== undefined && <CarnetProductFormModal key={editing?.id ?? 'new'} product={editing} onClose={() => setEditing(undefined)} onSaved={(message) => notify(message)} />}
      {region}
    </div>
  );
}
