// /admin/rendiconto/voci (docs/annual-accounts.md#the-mapping): the table that takes each kind of ledger
// account (an expense also by its category, what members and non-members pay apart) to a line of Mod. D and
// of Mod. B, and says whether its income is commercial; the admin and the accountant change a row and save it.
import { ACCOUNTS_SCHEMES, type TAccountsMapping, type TAccountsScheme } from '@beach/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useNotices } from '../../../components/admin/notices';
import { PageHeader } from '../../../components/admin/page-header';
import { Button } from '../../../components/ui/button';
import { Checkbox, Select } from '../../../components/ui/field';
import { Loaded } from '../../../components/ui/loaded';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAccountsMappings, useSaveMapping } from '../api/annual-accounts';

const NONE = '';
const lineOptions = (scheme: TAccountsScheme) => [
  { value: NONE, label: 'Nessuna voce' },
  ...ACCOUNTS_SCHEMES[scheme].sections.flatMap((section) => section.lines.map((line) => ({ value: line.code, label: `${line.code} · ${line.label.replace(/^\d+\) /, '')}` }))),
];
const CASH_OPTIONS = lineOptions('D');
const ACCRUAL_OPTIONS = lineOptions('B');

function MappingRow({ row, onSaved }: { row: TAccountsMapping; onSaved: (message: string, failed?: boolean) => void }) {
  const save = useSaveMapping();
  const [cash, setCash] = useState(row.cash_line ?? NONE);
  const [accrual, setAccrual] = useState(row.accrual_line ?? NONE);
  const [commercial, setCommercial] = useState(row.commercial);
  const changed = cash !== (row.cash_line ?? NONE) || accrual !== (row.accrual_line ?? NONE) || commercial !== row.commercial;
  const submit = () =>
    save.mutate(
      { id: row.id, body: { cash_line: cash || null, accrual_line: accrual || null, commercial } },
      { onSuccess: () => onSaved(`Salvato: ${row.account}.`), onError: (error) => onSaved(error.message, true) },
    );
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-[minmax(12rem,1fr)_2fr_2fr_auto_auto] lg:items-end">
      <p className="font-medium text-slate-900">{row.account}</p>
      <Select label="Mod. D (per cassa)" value={cash} options={CASH_OPTIONS} onValueChange={setCash} />
      <Select label="Mod. B (gestionale)" value={accrual} options={ACCRUAL_OPTIONS} onValueChange={setAccrual} />
      <Checkbox label="Commerciale" checked={commercial} onChange={(event) => setCommercial(event.target.checked)} />
      <Button variant="secondary" onClick={submit} disabled={!changed} loading={save.isPending} aria-label={`Salva ${row.account}`}>
        Salva
      </Button>
    </li>
  );
}

export default function AccountsMappingPage() {
  usePageTitle('Voci del rendiconto');
  const mappings = useAccountsMappings();
  const { notify, region } = useNotices();
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      {region}
      <PageHeader title="Voci del rendiconto" subtitle={
          <>
            <p className="text-slate-600">Ogni tipo di conto del registro e la voce del Mod. D e del Mod. B in cui vanno i suoi importi</p>
            <p className="text-sm text-slate-500">Codici: la sezione (A–E, I investimenti), poi U uscite ed E entrate nel Mod. D, C costi e R ricavi nel Mod. B, e il numero della voce.</p>
          </>
        }
      >
        <Link to={paths.admin.annualAccounts} className="text-sm font-medium text-sea-800 underline underline-offset-4 hover:text-sea-950">
          Torna al rendiconto
        </Link>
      </PageHeader>
      <Loaded read={mappings} failed="Impossibile caricare la tabella delle voci.">
        {(rows) => (
          <ul aria-label="Conti e voci" className="space-y-3">
            {rows.map((row) => (
              <MappingRow key={`${row.id}-${row.cash_line}-${row.accrual_line}-${row.commercial}`} row={row} onSaved={(message, failed) => notify(message, failed ? 'error' : 'success')} />
            ))}
          </ul>
        )}
      </Loaded>
    </div>
  );
}
