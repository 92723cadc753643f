// /admin/certificati (staff and admins): card holders, and the school's children ("figlio/a di <parent>",
// verified or rejected here: they have no page of their own), whose medical certificate is missing, to verify,
// expiring within 30 days or expired, a page at a time with a search by name or fiscal code, and the CSV
// of every row of the filter and search; admins switch "richiedi
// certificato valido" (online booking refused without a valid certificate on the day of play).
import {
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_LIST_FILTER_LABELS,
  CERTIFICATE_LIST_FILTERS,
  CERTIFICATES_PER_PAGE,
  type TCertificateExportQuery,
  type TCertificateListRow,
} from '@beach/contracts';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useListState } from '../../../components/admin/use-list-state';
import { serverMessage } from '../../../lib/api-errors';
import { useNotices } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/field';
import { PagedListPagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { downloadCertificate, exportCertificates, useCertificateList, useCertificateSettings, useSaveCertificateSettings, useVerifyCertificate } from '../../../lib/certificates';
import { CertificateStateBadge } from '../../../components/certificates/certificate-state-badge';
import { RejectCertificateModal } from '../../../components/certificates/reject-certificate-modal';

type Filter = NonNullable<TCertificateExportQuery['filter']>;
// 'all' is the list's default, shown as the select's empty value so "Cancella filtri" knows it.
const FILTER_OPTIONS = CERTIFICATE_LIST_FILTERS.map((value) => ({ value: value === 'all' ? '' : value, label: CERTIFICATE_LIST_FILTER_LABELS[value] }));

/** A child's upload awaiting verification: its file, "Verifica" and "Rifiuta", as on a member's page. */
function ChildCertificateActions({ row, onRejecting }: { row: TCertificateListRow; onRejecting: (id: number) => void }) {
  const verify = useVerifyCertificate();
  const { notify, region } = useNotices();
  const id = row.certificate_id;
  if (row.child_id === null || !row.awaiting_verification || id === null) return null;
  const confirm = async () => {
    try {
      notify((await verify.mutateAsync(id)).message);
    } catch (error) {
      notify(serverMessage(error) ?? 'Verifica non riuscita.', 'error');
    }
  };
  return (
    <span className="flex flex-wrap gap-1">
      {row.file_type && (
        <Button size="sm" variant="secondary" onClick={() => void downloadCertificate({ id, file_type: row.file_type })}>
          File
        </Button>
      )}
      <Button size="sm" loading={verify.isPending} loadingText="Verifica..." onClick={() => void confirm()}>
        Verifica
      </Button>
      <Button size="sm" variant="danger" onClick={() => onRejecting(id)}>
        Rifiuta
      </Button>
      {region}
    </span>
  );
}

function RequireSetting() {
  const user = useCurrentUser();
  const settings = useCertificateSettings();
  const save = useSaveCertificateSettings();
  const { notify, region } = useNotices();
  if (!settings.data) return null;
  const toggle = async (require: boolean) => {
    try {
      await save.mutateAsync({ require_valid_certificate: require });
      notify(require ? 'Da ora per prenotare online serve un certificato valido.' : 'Le prenotazioni online non richiedono più il certificato.');
    } catch (error) {
      notify(serverMessage(error) ?? 'Impostazione non salvata. Riprova più tardi.', 'error');
    }
  };
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <Checkbox
        label="Richiedi certificato valido: senza un certificato valido il giorno della partita il tesserato non può prenotare online"
        checked={settings.data.require_valid_certificate}
        disabled={!user?.is_admin || save.isPending}
        onChange={(event) => void toggle(event.target.checked)}
      />
      {!user?.is_admin && <p className="mt-1 text-xs text-slate-500">Solo un amministratore può cambiare questa impostazione.</p>}
      {region}
    </div>
  );
}

export default function AdminCertificatesPage() {
  usePageTitle('Certificati medici');
  const list = useListState({ stato: '' });
  const query = { filter: (list.filters.stato || 'all') as Filter, search: list.search };
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const certificates = useCertificateList({ ...query, page: list.page, per_page: CERTIFICATES_PER_PAGE });
  const page = certificates.data;
  const [rejecting, setRejecting] = useState<number | null>(null);
  const { notify, region } = useNotices();

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportCertificates(query);
    } catch (error) {
      setExportError(serverMessage(error) ?? 'Esportazione non riuscita. Riprova più tardi.');
    } finally {
      setExporting(false);
    }
  };

  const columns: DataColumn<TCertificateListRow>[] = [
    { key: 'member', header: 'Tesserato', cell: (row) => (
      <span>
        <span className="block font-medium text-slate-900">{row.last_name} {row.first_name}</span>
        {row.parent_name && <span className="block text-xs text-slate-600">figlio/a di {row.parent_name}</span>}
        <span className="block text-xs text-slate-500">{row.email}</span>
      </span>
    ) },
    { key: 'state', header: 'Stato', cell: (row) => (
      <span className="flex flex-wrap gap-1">
        <CertificateStateBadge state={row.state} />
        {row.awaiting_verification && row.state !== 'to_verify' && <CertificateStateBadge state="to_verify" />}
      </span>
    ) },
    { key: 'kind', header: 'Tipo', cell: (row) => (row.kind ? CERTIFICATE_KIND_LABELS[row.kind] : '—') },
    { key: 'expiry', header: 'Scadenza', cell: (row) => (row.expiry_date ? formatDate(row.expiry_date) : '—') },
    { key: 'actions', header: 'Azioni', cell: (row) => <ChildCertificateActions row={row} onRejecting={setRejecting} /> },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Certificati medici</h1>
        <p className="mt-1 text-slate-600">
          Tesserati con tessera attiva, e figli iscritti a un corso non ancora finito, il cui certificato manca, è da verificare, scade entro 30 giorni o è scaduto. Il certificato di un tesserato si verifica dalla sua scheda in Utenti, quello di un figlio qui.
        </p>
      </header>
      <RequireSetting />
      <FilterBar
        search={{ label: 'Cerca', placeholder: 'Nome o codice fiscale', value: list.text, onChange: list.setText }}
        selects={[{ name: 'stato', label: 'Mostra', value: list.filters.stato, options: FILTER_OPTIONS, onChange: (value) => list.setFilter('stato', value) }]}
        onClear={list.clear}
        canClear={list.filtered}
        total={page ? `${page.total} ${page.total === 1 ? 'tesserato' : 'tesserati'}` : ''}
      />
      <div>
        <Button variant="secondary" loading={exporting} loadingText="Esportazione..." onClick={() => void download()}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Esporta CSV
        </Button>
      </div>
      {exportError && <Alert tone="error">{exportError}</Alert>}
      {certificates.isError ? (
        <Alert tone="error">Si è verificato un errore nel caricamento. Riprova più tardi.</Alert>
      ) : (
        <DataTable caption="Certificati da controllare" columns={columns} rows={page?.data ?? []} rowKey={(row) => `${row.user_id}-${row.child_id ?? ''}`} loading={certificates.isFetching} empty={certificates.isPending ? <Spinner /> : 'Nessun tesserato in questo elenco.'} />
      )}
      <RejectCertificateModal
        certificate={rejecting === null ? null : { id: rejecting }}
        onClose={() => setRejecting(null)}
        onRejected={(message) => {
          setRejecting(null);
          notify(message);
        }}
      />
      {region}
      <PagedListPagination paged={page} onPageChange={list.setPage} summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} tesserati`} />
    </div>
  );
}
