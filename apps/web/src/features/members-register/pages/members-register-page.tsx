// /admin/libro-soci (admin): the members' register of a season — the admitted cards in order of
// admission with the personal data the register keeps — searchable, paged, exported as CSV or as a
// PDF to print and stamp. Members the register cannot name fully (no fiscal code or place of birth) are
// flagged, counted and can be listed alone, to complete their data.
import { MEMBERS_REGISTER_PER_PAGE, MEMBERSHIP_TYPE_LABELS, missingDataText, type TMembersRegisterRow } from '@beach/contracts';
import Download from 'lucide-react/icons/download';
import Printer from 'lucide-react/icons/printer';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { useListState } from '../../../components/admin/use-list-state';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PagedListPagination } from '../../../components/ui/pagination';
import { formatDate, todayInRome } from '../../../lib/format';
import { exportMembersRegister, useMembersRegister } from '../api/members-register';

const CURRENT_SEASON = Number(todayInRome().slice(0, 4));
/** Cards bought from the autumn on are for the next season: it is offered too. */
const SEASONS = Array.from({ length: 6 }, (_, index) => String(CURRENT_SEASON + 1 - index));
const DATA_OPTIONS = [
  { value: 'tutti', label: 'Tutti i soci' },
  { value: 'mancanti', label: 'Senza codice fiscale o luogo di nascita' },
];

export default function MembersRegisterPage() {
  usePageTitle('Libro soci');
  const { notify, region } = useNotices();
  const list = useListState({ season: String(CURRENT_SEASON), dati: 'tutti' }, { searchOnEnter: true });
  const season = Number(list.filters.season);
  const data = list.filters.dati === 'mancanti' ? 'missing' : 'all';
  const register = useMembersRegister({ season, search: list.search, data, page: list.page, per_page: MEMBERS_REGISTER_PER_PAGE });
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  const page = register.data;
  const first = page ? (page.current_page - 1) * page.per_page : 0;

  async function exportAs(format: 'csv' | 'pdf') {
    setExporting(format);
    try {
      await exportMembersRegister(format, { season, search: list.search, data });
    } catch {
      notify('Esportazione non riuscita. Riprova più tardi.', 'error');
    } finally {
      setExporting(null);
    }
  }

  const columns: DataColumn<TMembersRegisterRow & { position: number }>[] = [
    { key: 'position', header: 'N.', cell: (row) => row.position },
    { key: 'card', header: 'Tessera', cell: (row) => <span className="font-mono font-semibold text-slate-900">{row.card_number}</span> },
    { key: 'admitted', header: 'Ammissione', cell: (row) => formatDate(row.admitted_on) },
    {
      key: 'name',
      header: 'Cognome e nome',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-medium text-slate-900">{`${row.last_name} ${row.first_name}`}</span>
          {row.missing.length > 0 && <Badge tone="yellow">{missingDataText(row.missing)}</Badge>}
        </span>
      ),
    },
    {
      key: 'birth',
      header: 'Nascita',
      cell: (row) => (
        <span>
          {row.birth_date ? formatDate(row.birth_date) : '—'}
          {row.birth_place && <span className="block text-xs text-slate-500">{row.birth_place}</span>}
        </span>
      ),
    },
    { key: 'fiscal', header: 'Codice fiscale', cell: (row) => <span className="font-mono">{row.fiscal_code ?? '—'}</span> },
    { key: 'residence', header: 'Residenza', cell: (row) => row.residence ?? '—' },
    { key: 'type', header: 'Tipo', cell: (row) => (row.is_bvu_member ? 'Stagionale BVU' : MEMBERSHIP_TYPE_LABELS[row.card_type]) },
    { key: 'ends', header: 'Cessazione', cell: (row) => formatDate(row.ends_on) },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Libro soci" subtitle={<p className="text-slate-600">I soci ammessi nella stagione, in ordine di ammissione</p>}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void exportAs('csv')} loading={exporting === 'csv'} loadingText="Esportazione...">
            <Download aria-hidden="true" className="h-4 w-4" />
            Esporta CSV
          </Button>
          <Button variant="secondary" onClick={() => void exportAs('pdf')} loading={exporting === 'pdf'} loadingText="Esportazione...">
            <Printer aria-hidden="true" className="h-4 w-4" />
            PDF da stampare
          </Button>
        </div>
      </PageHeader>

      <FilterBar
        search={{ label: 'Cerca', placeholder: 'Nome, codice fiscale o tessera', value: list.text, onChange: list.setText, onSubmit: list.submitSearch }}
        selects={[
          { name: 'season', label: 'Stagione', value: list.filters.season, options: SEASONS.map((year) => ({ value: year, label: year })), onChange: (value) => list.setFilter('season', value) },
          { name: 'dati', label: 'Dati anagrafici', value: list.filters.dati, options: DATA_OPTIONS, onChange: (value) => list.setFilter('dati', value) },
        ]}
        onClear={list.clear}
        canClear={list.filtered}
        total={page ? `Totale: ${page.total} ${page.total === 1 ? 'socio' : 'soci'}` : ''}
      />

      {page && page.members > 0 && (
        // The register must name every member fully: how many it cannot, at a glance (a standing state, said politely).
        <p role="status" className={page.missing_data > 0 ? 'font-medium text-amber-800' : 'text-slate-600'}>
          Senza codice fiscale o luogo di nascita: {page.missing_data} su {page.members}
        </p>
      )}
      {register.isError && <Alert tone="error">Si è verificato un errore nel caricamento del libro soci. Riprova più tardi.</Alert>}
      <DataTable
        caption={`Libro soci, stagione ${season}`}
        columns={columns}
        rows={(page?.data ?? []).map((row, index) => ({ ...row, position: first + index + 1 }))}
        rowKey={(row) => row.membership_id}
        loading={register.isFetching}
        empty={register.isPending ? 'Caricamento...' : 'Nessun socio in questa stagione'}
      />
      <PagedListPagination paged={page} onPageChange={list.setPage} summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} soci`} />
      {region}
    </div>
  );
}
