// "Rettifiche del credito di oggi" on the dashboard (staff and admins, docs/domain.md#credit): every
// correction of a member's credit made today (Rome), with who made it, whose credit, the signed amount and
// the reason, and the day's totals added and taken as the server sums them.
import { moneyToCents, type TCreditCorrection } from '@beach/contracts';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { SignedAmount } from '../../../components/ui/signed-amount';
import { useCreditCorrections } from '../../credit';
import { formatTime } from '../../../lib/format';
import { dashboardErrorMessage } from '../dashboard-errors';
import { DashboardPanel, loadFailure } from './dashboard-panel';

const COLUMNS: DataColumn<TCreditCorrection>[] = [
  { key: 'time', header: 'Ora', cell: (row) => formatTime(row.created_at) },
  { key: 'member', header: 'Credito di', cell: (row) => <span className="font-medium">{row.member.name}</span> },
  { key: 'amount', header: 'Importo', cell: (row) => <SignedAmount cents={moneyToCents(row.amount)} /> },
  { key: 'reason', header: 'Motivo', cell: (row) => <span className="break-words">{row.reason ?? '—'}</span> },
  { key: 'by', header: 'Fatta da', cell: (row) => row.by?.name ?? '—' },
];

export function CreditCorrectionsCard({ today }: { today: string }) {
  const corrections = useCreditCorrections(today);
  const data = corrections.data;
  return (
    <DashboardPanel
      id="corrections-title"
      title="Rettifiche del credito di oggi"
      failure={loadFailure(corrections, dashboardErrorMessage)}
      loading={!data}
      loadingLabel="Caricamento delle rettifiche..."
    >
      {data && data.data.length === 0 && <p className="text-sm text-slate-600">Nessuna rettifica oggi</p>}
      {data && data.data.length > 0 && (
        <>
          <DataTable caption="Rettifiche del credito di oggi" columns={COLUMNS} rows={data.data} rowKey={(row) => row.id} />
          <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm" aria-label="Totali di oggi">
            <div className="flex gap-2">
              <dt className="text-slate-500">Aggiunti</dt>
              <dd>
                <SignedAmount cents={moneyToCents(data.added)} />
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-500">Tolti</dt>
              <dd>
                <SignedAmount cents={-moneyToCents(data.taken)} />
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-500">Rettifiche</dt>
              <dd className="font-semibold text-slate-800 tabular-nums">{data.data.length}</dd>
            </div>
          </dl>
        </>
      )}
    </DashboardPanel>
  );
}
