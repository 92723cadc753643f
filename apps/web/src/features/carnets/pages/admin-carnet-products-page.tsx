// /admin/carnet (admin): the carnet products — uses, the bookings they cover, what one use pays (the
// organiser's share or the whole court), price, validity and whether they are on sale. Carnets already
// sold keep what they were sold with.
import type { TCarnetProduct } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { formatMoney } from '../../../lib/format';
import { useAdminCourts } from '../../../lib/shared-queries';
import { usePageTitle } from '../../../lib/use-page-title';
import { CarnetProductFormModal } from '../components/carnet-product-form-modal';
import { BAND_LABELS, CARNET_COVER_LABELS } from '../labels';
import { validityOf } from '../validity';

export default function AdminCarnetProductsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Carnet`);
  const { notify, region } = useNotices();
  const products = useCarnetProducts();
  const courts = useAdminCourts();
  const [editing, setEditing] = useState<TCarnetProduct | null | undefined>(undefined);
  const courtNames = (ids: number[]) =>
    ids.length === 0 ? t`Tutti i campi prenotabili` : ids.map((id) => courts.data?.find((court) => court.id === id)?.name ?? `#${id}`).join(', ');

  const columns: DataColumn<TCarnetProduct>[] = [
    { key: 'name', header: t`Nome`, cell: (product) => <span className="font-semibold">{product.name}</span> },
    { key: 'uses', header: t`Ingressi`, cell: (product) => product.uses },
    { key: 'bookings', header: t`Copre`, cell: (product) => `${i18n._(BAND_LABELS[product.band])} · ${courtNames(product.court_ids)}` },
    { key: 'covers', header: t`Un ingresso paga`, cell: (product) => i18n._(CARNET_COVER_LABELS[product.covers]) },
    { key: 'price', header: t`Prezzo`, cell: (product) => formatMoney(product.price) },
    { key: 'validity', header: t`Validità`, cell: (product) => validityOf(i18n, product) },
    {
      key: 'status',
      header: t`Stato`,
      cell: (product) =>
        product.is_active ? (
          <Badge tone="green">
            <Trans>In vendita</Trans>
          </Badge>
        ) : (
          <Badge>
            <Trans>Non in vendita</Trans>
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Azioni</Trans>
        </span>
      ),
      cell: (product) => {
        const { name } = product;
        return <IconButton icon={Pencil} label={t`Modifica ${name}`} onClick={() => setEditing(product)} />;
      },
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title={t`Carnet`}
        subtitle={
          <p className="mt-1 text-slate-600">
            <Trans>Pacchetti di ingressi venduti in segreteria e online: ogni ingresso paga una prenotazione coperta</Trans>
          </p>
        }
      >
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          <Trans>Nuovo carnet</Trans>
        </Button>
      </PageHeader>
      <Loaded read={products} failed={t`Si è verificato un errore nel caricamento dei carnet. Riprova più tardi.`}>
        {(rows) => <DataTable caption={t`Carnet`} columns={columns} rows={rows} rowKey={(product) => product.id} empty={t`Nessun carnet. Creane uno con “Nuovo carnet”.`} />}
      </Loaded>
      {editing !== undefined && <CarnetProductFormModal key={editing?.id ?? 'new'} product={editing} onClose={() => setEditing(undefined)} onSaved={(message) => notify(message)} />}
      {region}
    </div>
  );
}
