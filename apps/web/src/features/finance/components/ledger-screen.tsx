// /admin/spese and /admin/incassi (docs/domain.md#finance): one screen for either ledger — filters (dates,
// category, method, text), the total of the filter, create and edit in a modal, delete after a
// confirmation.
import { FINANCE_PER_PAGE, PAYMENT_METHOD_LABELS, type TExpense, type TExpenseBody, type TIncome, type TLedgerQuery } from '@beach/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import type { DataColumn } from '../../../components/admin/data-table';
import { PagedTable } from '../../../components/admin/paged-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { useListState } from '../../../components/admin/use-list-state';
import { Button, IconButton } from '../../../components/ui/button';
import { formatDate, formatMoney } from '../../../lib/format';
import { serverMessage } from '../../../lib/api-errors';
import { FINANCE_MESSAGES } from '../messages';
import { DateRangeFields, NO_DATES } from './date-range-fields';
import { optionsOf } from './filter-options';
import { LedgerFormModal } from './ledger-form-modal';
import { MoneyTotals } from './money-totals';

type Row = TIncome | TExpense;
interface LedgerPage<R extends Row> {
  data: R[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  total_amount: string;
  categories: string[];
}

export interface LedgerScreenProps<R extends Row> {
  title: string;
  subtitle: string;
  /** 'spesa' / 'spese' / 'Nuova spesa' / 'Nessuna spesa trovata.' and the like. */
  noun: { one: string; many: string; create: string; none: string };
  totalLabel: string;
  loadFailed: string;
  withSupplier: boolean;
  useList: (query: TLedgerQuery) => UseQueryResult<LedgerPage<R>>;
  save: { run: (id: number | null, body: TExpenseBody) => Promise<{ message: string }>; pending: boolean };
  remove: (id: number) => Promise<{ message: string }>;
}

export function LedgerScreen<R extends Row>({ title, subtitle, noun, totalLabel, loadFailed, withSupplier, useList, save, remove }: LedgerScreenProps<R>) {
  usePageTitle(title);
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const list = useListState({ category: '', payment_method: '' });
  const [range, setRange] = useState(NO_DATES);
  const [editing, setEditing] = useState<{ row: R | null } | null>(null);
  const rows = useList({ ...range, ...list.filters, search: list.search, page: list.page, per_page: FINANCE_PER_PAGE });
  const page = rows.data;

  async function deleteRow(row: R) {
    const confirmed = await confirm({
      title: `Elimina ${noun.one}`,
      message: `Eliminare “${row.description}” del ${formatDate(row.date)} (${formatMoney(row.amount)})? L’operazione non si può annullare.`,
      confirmLabel: 'Elimina',
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      notify((await remove(row.id)).message);
    } catch (error) {
      notify(serverMessage(error) ?? FINANCE_MESSAGES.deleteFailed, 'error');
    }
  }

  const columns: DataColumn<R>[] = [
    { key: 'date', header: 'Data', cell: (row) => formatDate(row.date) },
    { key: 'category', header: 'Categoria', cell: (row) => row.category },
    { key: 'description', header: 'Descrizione', cell: (row) => row.description },
    ...(withSupplier ? [{ key: 'supplier', header: 'Fornitore', cell: (row: R) => ('supplier' in row && row.supplier) || '—' }] : []),
    { key: 'method', header: 'Metodo', cell: (row) => (row.payment_method ? PAYMENT_METHOD_LABELS[row.payment_method] : '—') },
    { key: 'amount', header: 'Importo', className: 'text-right tabular-nums whitespace-nowrap', cell: (row) => <span className="font-medium text-slate-900">{formatMoney(row.amount)}</span> },
    {
      key: 'actions',
      header: <span className="sr-only">Azioni</span>,
      label: 'Azioni',
      cell: (row) => (
        <span className="flex gap-1">
          <IconButton icon={Pencil} label={`Modifica “${row.description}” del ${formatDate(row.date)}`} title="Modifica" onClick={() => setEditing({ row })} />
          <IconButton icon={Trash2} label={`Elimina “${row.description}” del ${formatDate(row.date)}`} title="Elimina" onClick={() => void deleteRow(row)} iconClassName="text-coral-600" />
        </span>
      ),
    },
  ];

  const categoryOptions = [{ value: '', label: 'Tutte' }, ...(page?.categories ?? []).map((category) => ({ value: category, label: category }))];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title={title} subtitle={<p className="text-slate-600">{subtitle}</p>}>
        <Button onClick={() => setEditing({ row: null })}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {noun.create}
        </Button>
      </PageHeader>

      <DateRangeFields range={range} onChange={setRange} />
      <FilterBar
        search={{ label: 'Cerca', placeholder: withSupplier ? 'Descrizione, categoria o fornitore' : 'Descrizione o categoria', value: list.text, onChange: list.setText }}
        selects={[
          { name: 'category', label: 'Categoria', value: list.filters.category, options: categoryOptions, onChange: (value) => list.setFilter('category', value) },
          { name: 'payment_method', label: 'Metodo', value: list.filters.payment_method, options: optionsOf(PAYMENT_METHOD_LABELS, 'Tutti'), onChange: (value) => list.setFilter('payment_method', value) },
        ]}
        onClear={() => {
          list.clear();
          setRange(NO_DATES);
        }}
        canClear={list.filtered || range.date_from !== '' || range.date_to !== ''}
        total={page ? `${page.total} ${page.total === 1 ? noun.one : noun.many}` : ' '}
      />
      {page && <MoneyTotals label="Totale del filtro" items={[{ label: totalLabel, value: formatMoney(page.total_amount), emphasis: true }]} />}

      <PagedTable
        read={rows}
        failed={serverMessage(rows.error) ?? loadFailed}
        caption={title}
        columns={columns}
        rowKey={(row) => row.id}
        empty={rows.isPending ? 'Caricamento...' : noun.none}
        onPageChange={list.setPage}
        summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} ${noun.many}`}
      />

      <LedgerFormModal
        open={editing !== null}
        row={editing?.row ?? null}
        title={editing?.row ? `Modifica ${noun.one}` : noun.create}
        withSupplier={withSupplier}
        categories={page?.categories ?? []}
        saving={save.pending}
        onSave={async (body) => {
          const { message } = await save.run(editing?.row?.id ?? null, body);
          setEditing(null);
          notify(message);
        }}
        onClose={() => setEditing(null)}
      />
      {dialog}
      {region}
    </div>
  );
}
