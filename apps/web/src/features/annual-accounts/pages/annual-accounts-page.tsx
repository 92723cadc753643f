// /admin/rendiconto (docs/annual-accounts.md#the-screen): the year's accounts from the ledger — Mod. D (cash)
// and Mod. B (accrual) in tabs, a figure opens the entries behind it — the PDF for the assembly, the CSV and XLSX for
// the accountant, the month the financial year starts in, and the way to the mapping table.
import { type TAccountsLine, type TAccountsScheme, type TAnnualAccounts, type TMoney } from '@beach/contracts';
import Download from 'lucide-react/icons/download';
import Printer from 'lucide-react/icons/printer';
import Sheet from 'lucide-react/icons/sheet';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useNotices } from '../../../components/admin/notices';
import { PageHeader } from '../../../components/admin/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { Loaded } from '../../../components/ui/loaded';
import { paths } from '../../../config/paths';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { type AccountsFileFormat, downloadAnnualAccounts, useAnnualAccounts, useFinancialYears } from '../api/annual-accounts';
import { FinancialYearForm } from '../components/financial-year-form';
import { LineEntriesModal } from '../components/line-entries-modal';
import { StatementTable } from '../components/statement-table';

const TABS: { id: TAccountsScheme; label: string }[] = [
  { id: 'D', label: 'Mod. D · Per cassa' },
  { id: 'B', label: 'Mod. B · Gestionale' },
];

function Totals({ items }: { items: [string, TMoney][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {items.map(([label, amount]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Statement({ accounts }: { accounts: TAnnualAccounts }) {
  const [tab, setTab] = useState<TAccountsScheme>('D');
  const [open, setOpen] = useState<TAccountsLine | null>(null);
  const d = accounts.mod_d;
  const b = accounts.mod_b;
  const figures = tab === 'D' ? d.figures : b.figures;
  return (
    <section aria-label={`Rendiconto ${accounts.label}`} className="space-y-4">
      <p className="text-slate-600">
        Esercizio {accounts.label}: dal {formatDate(accounts.from)} al {formatDate(accounts.to)}
      </p>
      <div role="tablist" aria-label="Schema del rendiconto" className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1">
        {TABS.map(({ id, label }) => (
          <button key={id} id={`tab-${id}`} type="button" role="tab" aria-selected={tab === id} aria-controls={`panel-${id}`} onClick={() => setTab(id)} className={`rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap sm:px-4 ${tab === id ? 'bg-white text-sea-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="space-y-4">
        {tab === 'D' ? (
          <Totals items={[['Totale entrate', d.receipts], ['Totale uscite', d.payments], ['Avanzo/disavanzo', d.result], ['Cassa a inizio esercizio', d.start.cash], ['Banca a inizio esercizio', d.start.bank], ['Cassa a fine esercizio', d.end.cash], ['Banca a fine esercizio', d.end.bank]]} />
        ) : (
          <Totals items={[['Totale ricavi', b.income], ['Totale costi', b.costs], ['Avanzo/disavanzo', b.result], ['Ricavi istituzionali', b.institutional], ['Ricavi commerciali', b.commercial]]} />
        )}
        {figures.NC !== '0.00' && <Alert tone="warning">Ci sono movimenti non classificati: assegna i loro conti a una voce nella tabella delle voci.</Alert>}
        <StatementTable scheme={tab} figures={figures} onOpen={setOpen} />
      </div>
      {open && <LineEntriesModal year={accounts.year} scheme={tab} line={open} figure={figures[open.code]!} onClose={() => setOpen(null)} />}
    </section>
  );
}

export default function AnnualAccountsPage() {
  usePageTitle('Rendiconto');
  const { notify, region } = useNotices();
  const years = useFinancialYears();
  const [picked, setPicked] = useState<number | null>(null);
  const year = picked ?? years.data?.current_year;
  const accounts = useAnnualAccounts(year);
  const [exporting, setExporting] = useState<AccountsFileFormat | null>(null);

  async function exportAs(format: AccountsFileFormat) {
    if (!accounts.data) return;
    setExporting(format);
    try {
      await downloadAnnualAccounts(format, accounts.data.year, accounts.data.label);
    } catch {
      notify('Esportazione non riuscita. Riprova più tardi.', 'error');
    } finally {
      setExporting(null);
    }
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      {region}
      <PageHeader title="Rendiconto" subtitle={<p className="text-slate-600">Il rendiconto dell’esercizio dal registro contabile, per l’assemblea dei soci e per il commercialista</p>}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void exportAs('pdf')} disabled={!accounts.data} loading={exporting === 'pdf'} loadingText="Esportazione...">
            <Printer aria-hidden="true" className="h-4 w-4" />
            PDF per l’assemblea
          </Button>
          <Button variant="secondary" onClick={() => void exportAs('csv')} disabled={!accounts.data} loading={exporting === 'csv'} loadingText="Esportazione...">
            <Download aria-hidden="true" className="h-4 w-4" />
            CSV per il commercialista
          </Button>
          <Button variant="secondary" onClick={() => void exportAs('xlsx')} disabled={!accounts.data} loading={exporting === 'xlsx'} loadingText="Esportazione...">
            <Sheet aria-hidden="true" className="h-4 w-4" />
            XLSX per il commercialista
          </Button>
        </div>
      </PageHeader>
      <Loaded read={years} failed="Impossibile caricare gli esercizi.">
        {(financial) => (
          <div className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4">
            <Select
              label="Esercizio"
              value={String(year)}
              options={financial.years.map((option) => ({ value: String(option), label: financial.start_month === 1 ? String(option) : `${option}/${String(option + 1).slice(2)}` }))}
              onValueChange={(value) => setPicked(Number(value))}
            />
            <FinancialYearForm startMonth={financial.start_month} onSaved={(message) => notify(message)} />
            <Link to={paths.admin.accountsMapping} className="pb-2 text-sm font-medium text-sea-800 underline underline-offset-4 hover:text-sea-950">
              Tabella delle voci (conti → Mod. D e Mod. B)
            </Link>
          </div>
        )}
      </Loaded>
      {accounts.isError && <Alert tone="error">Impossibile caricare il rendiconto. Riprova più tardi.</Alert>}
      {accounts.isPending && year !== undefined && <p className="text-slate-600">Caricamento...</p>}
      {accounts.data && <Statement accounts={accounts.data} />}
    </div>
  );
}
