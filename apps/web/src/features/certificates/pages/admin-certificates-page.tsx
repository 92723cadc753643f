// /admin/certificati (staff and admins): card holders whose medical certificate is missing, to verify,
// expiring within 30 days or expired, with the CSV of the same rows; admins switch "richiedi
// certificato valido" (online booking refused without a valid certificate on the day of play).
import {
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_LIST_FILTER_LABELS,
  CERTIFICATE_LIST_FILTERS,
  type TCertificateListQuery,
  type TCertificateListRow,
} from '@beach/contracts';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { serverMessage } from '../../../lib/api-errors';
import { useNotices } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { exportCertificates, useCertificateList, useCertificateSettings, useSaveCertificateSettings } from '../../../lib/certificates';
import { CertificateStateBadge } from '../../../components/certificates/certificate-state-badge';

type Filter = NonNullable<TCertificateListQuery['filter']>;

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
  const [filter, setFilter] = useState<Filter>('all');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useCertificateList({ filter });
  const rows = list.data?.data ?? [];

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportCertificates({ filter });
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
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Certificati medici</h1>
        <p className="mt-1 text-slate-600">Tesserati con tessera attiva il cui certificato manca, è da verificare, scade entro 30 giorni o è scaduto. Si verifica dalla scheda del tesserato in Utenti.</p>
      </header>
      <RequireSetting />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-64">
          <Select
            label="Mostra"
            value={filter}
            options={CERTIFICATE_LIST_FILTERS.map((value) => ({ value, label: CERTIFICATE_LIST_FILTER_LABELS[value] }))}
            onChange={(event) => setFilter(event.target.value as Filter)}
          />
        </div>
        <Button variant="secondary" loading={exporting} loadingText="Esportazione..." onClick={() => void download()}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Esporta CSV
        </Button>
        <p className="text-sm text-slate-600" aria-live="polite">{list.data ? `${rows.length} ${rows.length === 1 ? 'tesserato' : 'tesserati'}` : ''}</p>
      </div>
      {exportError && <Alert tone="error">{exportError}</Alert>}
      {list.isError ? (
        <Alert tone="error">Si è verificato un errore nel caricamento. Riprova più tardi.</Alert>
      ) : (
        <DataTable caption="Certificati da controllare" columns={columns} rows={rows} rowKey={(row) => row.user_id} loading={list.isFetching} empty={list.isPending ? <Spinner /> : 'Nessun tesserato in questo elenco.'} />
      )}
    </div>
  );
}
