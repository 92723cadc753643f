// "Rettifiche del credito di oggi" on the dashboard (staff and admins, docs/domain.md#credit): every
// correction of a member's credit made today (Rome), with who made it, whose credit, the signed amount and
// the reason, and the day's totals added and taken as the server sums them.
import { moneyToCents, type TCreditCorrection } from '@beach/contracts';
import clsx from 'clsx';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useCreditCorrections } from '../../../lib/credit';
import { formatCents, formatTime } from '../../../lib/format';
import { dashboardErrorMessage } from '../dashboard-errors';

/** "+5,00 €", "-2,50 €"; zero without a sign. */
const signedCents = (cents: number) => `${cents > 0 ? '+' : ''}${formatCents(cents || 0)}`;
const signed = (amount: string) => signedCents(moneyToCents(amount));

const COLUMNS: DataColumn<TCreditCorrection>[] = [
  { key: 'time', header: 'Ora', cell: (row) => formatTime(row.created_at) },
  { key: 'member', header: 'Credito di', cell: (row) => <span className="font-medium">{row.member.name}</span> },
  {
    key: 'amount',
    header: 'Importo',
    cell: (row) => <span className={clsx('font-semibold whitespace-nowrap tabular-nums', row.amount.startsWith('-') ? 'text-red-700' : 'text-emerald-700')}>{signed(row.amount)}</span>,
  },
  { key: 'reason', header: 'Motivo', cell: (row) => <span className="break-words">{row.reason ?? '—'}</span> },
  { key: 'by', header: 'Fatta da', cell: (row) => row.by?.name ?? '—' },
];

export function CreditCorrectionsCard({ today }: { today: string }) {
  const corrections = useCreditCorrections(today);
  const data = corrections.data;
  return (
    <section aria-labelledby="corrections-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="corrections-title" className="text-lg font-semibold text-slate-800">Rettifiche del credito di oggi</h2>
      {corrections.isError ? (
        <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={() => void corrections.refetch()}>Riprova</Button>}>
          {dashboardErrorMessage(corrections.error)}
        </Alert>
      ) : !data ? (
        <Spinner label="Caricamento delle rettifiche..." />
      ) : data.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nessuna rettifica oggi</p>
      ) : (
        <>
          <DataTable caption="Rettifiche del credito di oggi" columns={COLUMNS} rows={data.data} rowKey={(row) => row.id} empty="Nessuna rettifica oggi" />
          <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm" aria-label="Totali di oggi">
            <div className="flex gap-2">
              <dt className="text-slate-500">Aggiunti</dt>
              <dd className={`font-semibold tabular-nums ${moneyToCents(data.added) > 0 ? 'text-emerald-700' : 'text-slate-800'}`}>{signed(data.added)}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-500">Tolti</dt>
              <dd className={`font-semibold tabular-nums ${moneyToCents(data.taken) > 0 ? 'text-red-700' : 'text-slate-800'}`}>{signedCents(-moneyToCents(data.taken))}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-500">Rettifiche</dt>
              <dd className="font-semibold text-slate-800 tabular-nums">{data.data.length}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
