// /admin/transactions (docs/domain.md#finance): every payment and refund with filters, the totals of the
// filter, a detail view and the CSV of the filter. Admins only (can_view_transactions).
import { ReceiptDetailsWarning } from '../../../components/association/receipt-details-warning';
import {
  FINANCE_PER_PAGE,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type TTransaction,
  type TTransactionsQuery,
} from '@beach/contracts';
import Download from 'lucide-react/icons/download';
import Eye from 'lucide-react/icons/eye';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import type { DataColumn } from '../../../components/admin/data-table';
import { PagedTable } from '../../../components/admin/paged-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { useListState } from '../../../components/admin/use-list-state';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, IconButton } from '../../../components/ui/button';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { serverMessage } from '../../../lib/api-errors';
import { exportTransactions, useTransactions } from '../api/finance';
import { DateRangeFields, NO_DATES } from '../components/date-range-fields';
import { optionsOf } from '../components/filter-options';
import { MoneyTotals } from '../components/money-totals';
import { TransactionDetailModal } from '../components/transaction-detail-modal';
import { FINANCE_MESSAGES } from '../messages';

const STATUS_TONES: Record<TTransaction['status'], BadgeTone> = { completed: 'green', pending: 'yellow', failed: 'red', abandoned: 'neutral', refunded: 'purple', partially_refunded: 'purple' };

/** A refund reads as money going out. */
const signedAmount = (row: TTransaction) => formatMoney(row.type === 'refund' ? `-${row.amount}` : row.amount);

export default function TransactionsPage() {
  usePageTitle('Transazioni');
  const { notify, region } = useNotices();
  const list = useListState({ kind: '', type: '', method: '', status: '' });
  const [range, setRange] = useState(NO_DATES);
  const [shown, setShown] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = { ...range, ...list.filters, search: list.search, page: list.page, per_page: FINANCE_PER_PAGE } satisfies TTransactionsQuery;
  const transactions = useTransactions(query);
  const page = transactions.data;

  async function exportCsv() {
    setExporting(true);
    try {
      await exportTransactions(query);
    } catch (error) {
      notify(serverMessage(error) ?? FINANCE_MESSAGES.exportFailed, 'error');
    } finally {
      setExporting(false);
    }
  }

  const columns: DataColumn<TTransaction>[] = [
    { key: 'date', header: 'Data', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.date) },
    {
      key: 'kind',
      header: 'Tipo',
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-1">
          {PAYMENT_KIND_LABELS[row.kind]}
          {row.type === 'refund' && <Badge tone="red">{TRANSACTION_TYPE_LABELS.refund}</Badge>}
        </span>
      ),
    },
    {
      key: 'customer',
      header: 'Cliente',
      cell: (row) =>
        row.customer ? (
          <span className="flex flex-col">
            {row.customer.name}
            {row.customer.id === null && row.customer.phone && <span className="text-xs whitespace-nowrap text-slate-500">{row.customer.phone}</span>}
          </span>
        ) : (
          '—'
        ),
    },
    { key: 'description', header: 'Descrizione', cell: (row) => row.description ?? row.membership?.number ?? '—' },
    { key: 'method', header: 'Metodo', cell: (row) => PAYMENT_METHOD_LABELS[row.method] },
    { key: 'status', header: 'Stato', cell: (row) => <Badge tone={STATUS_TONES[row.status]}>{PAYMENT_STATUS_LABELS[row.status]}</Badge> },
    { key: 'amount', header: 'Importo', className: 'text-right tabular-nums whitespace-nowrap', cell: (row) => <span className={row.type === 'refund' ? 'text-rose-700' : 'font-medium text-slate-900'}>{signedAmount(row)}</span> },
    { key: 'stripe', header: 'ID Stripe', cell: (row) => (row.stripe_id ? <span title={row.stripe_id} className="block max-w-[9rem] truncate font-mono text-xs max-sm:max-w-none">{row.stripe_id}</span> : '—') },
    {
      key: 'actions',
      header: <span className="sr-only">Azioni</span>,
      label: 'Azioni',
      cell: (row) => (
        <IconButton icon={Eye} label={`Dettagli del movimento n. ${row.id}`} title="Dettagli" onClick={() => setShown(row.id)} />
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Transazioni" subtitle={<p className="text-slate-600">Pagamenti e rimborsi di tessere, prenotazioni, quote, ricariche del credito e carnet</p>}>
        <Button variant="secondary" onClick={() => void exportCsv()} loading={exporting} loadingText="Esportazione...">
          <Download aria-hidden="true" className="h-4 w-4" />
          Esporta CSV
        </Button>
      </PageHeader>
      <ReceiptDetailsWarning />

      <DateRangeFields range={range} onChange={setRange} />
      <FilterBar
        search={{ label: 'Cerca', placeholder: 'Cliente, descrizione o ID Stripe', value: list.text, onChange: list.setText }}
        selects={[
          { name: 'kind', label: 'Per', value: list.filters.kind, options: optionsOf(PAYMENT_KIND_LABELS, 'Tutti'), onChange: (value) => list.setFilter('kind', value) },
          { name: 'type', label: 'Movimento', value: list.filters.type, options: optionsOf(TRANSACTION_TYPE_LABELS, 'Tutti'), onChange: (value) => list.setFilter('type', value) },
          { name: 'method', label: 'Metodo', value: list.filters.method, options: optionsOf(PAYMENT_METHOD_LABELS, 'Tutti'), onChange: (value) => list.setFilter('method', value) },
          { name: 'status', label: 'Stato', value: list.filters.status, options: optionsOf(PAYMENT_STATUS_LABELS, 'Tutti'), onChange: (value) => list.setFilter('status', value) },
        ]}
        onClear={() => {
          list.clear();
          setRange(NO_DATES);
        }}
        canClear={list.filtered || range.date_from !== '' || range.date_to !== ''}
        total={page ? `${page.total} ${page.total === 1 ? 'movimento' : 'movimenti'}` : ' '}
      />

      {page && (
        <MoneyTotals
          label="Totali del filtro"
          items={[
            { label: 'Incassato', value: formatMoney(page.totals.payments) },
            { label: 'Rimborsato', value: formatMoney(page.totals.refunds) },
            { label: 'Netto', value: formatMoney(page.totals.net), emphasis: true },
          ]}
        />
      )}

      <PagedTable
        read={transactions}
        failed={serverMessage(transactions.error) ?? FINANCE_MESSAGES.transactionsLoadFailed}
        caption="Transazioni"
        columns={columns}
        rowKey={(row) => row.id}
        empty={transactions.isPending ? 'Caricamento...' : 'Nessuna transazione trovata.'}
        onPageChange={list.setPage}
        summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} movimenti`}
      />

      <TransactionDetailModal id={shown} onClose={() => setShown(null)} />
      {region}
    </div>
  );
}
