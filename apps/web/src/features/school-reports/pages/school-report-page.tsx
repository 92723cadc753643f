// /admin/scuola/report (staff, admins): the school's report — per course or camp week its confirmed
// places (by band for a camp), sessions held, attendance rate, money received and still owed, and its
// coach; the totals per coach; filtered by dates, offer and coach, and exported as CSV.
import { SCHOOL_OFFER_LABELS, SCHOOL_OFFERS, type TCoachReportRow, type TSchoolReportQuery, type TSchoolReportRow } from '@beach/contracts';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { PageHeader } from '../../../components/admin/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { serverMessage } from '../../../lib/api-errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCoaches } from '../../courses';
import { exportSchoolReport, useSchoolReport } from '../api/school-reports';

const percent = (attendance: { rate: number | null; present: number; taken: number }) =>
  attendance.rate === null ? '—' : `${new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1 }).format(attendance.rate)} (${attendance.present}/${attendance.taken})`;

const COURSE_COLUMNS: DataColumn<TSchoolReportRow>[] = [
  { key: 'name', header: 'Corso', cell: (row) => <span className="font-medium">{row.name}</span> },
  { key: 'offer', header: 'Tipo', cell: (row) => SCHOOL_OFFER_LABELS[row.offer] },
  { key: 'dates', header: 'Date', cell: (row) => `${formatDate(row.starts_on)} – ${formatDate(row.ends_on)}` },
  { key: 'coach', header: 'Allenatore', cell: (row) => row.coach?.name ?? '—' },
  {
    key: 'participants',
    header: 'Partecipanti',
    cell: (row) => (
      <>
        {row.participants}
        {row.single_sessions > 0 && <span className="text-slate-500">{` + ${row.single_sessions} lezioni singole/prove`}</span>}
        {row.bands.length > 0 && <span className="block text-xs text-slate-500">{row.bands.map((band) => `${band.min_age}–${band.max_age} anni: ${band.participants}/${band.capacity}`).join(' · ')}</span>}
      </>
    ),
  },
  { key: 'held', header: 'Lezioni svolte', cell: (row) => row.sessions_held },
  { key: 'attendance', header: 'Presenze', cell: (row) => percent(row.attendance) },
  { key: 'received', header: 'Incassato', cell: (row) => formatMoney(row.received), className: 'text-right' },
  { key: 'outstanding', header: 'Da incassare', cell: (row) => formatMoney(row.outstanding), className: 'text-right' },
];

const COACH_COLUMNS: DataColumn<TCoachReportRow>[] = [
  { key: 'coach', header: 'Allenatore', cell: (row) => <span className="font-medium">{row.coach?.name ?? 'Senza allenatore'}</span> },
  { key: 'courses', header: 'Corsi', cell: (row) => row.courses },
  { key: 'participants', header: 'Partecipanti', cell: (row) => row.participants },
  { key: 'held', header: 'Lezioni svolte', cell: (row) => row.sessions_held },
  { key: 'attendance', header: 'Presenze', cell: (row) => percent(row.attendance) },
  { key: 'received', header: 'Incassato', cell: (row) => formatMoney(row.received), className: 'text-right' },
  { key: 'outstanding', header: 'Da incassare', cell: (row) => formatMoney(row.outstanding), className: 'text-right' },
];

const OFFER_OPTIONS = [{ value: '', label: 'Corsi e centri estivi' }, ...SCHOOL_OFFERS.map((offer) => ({ value: offer, label: SCHOOL_OFFER_LABELS[offer] }))];

export default function SchoolReportPage() {
  usePageTitle('Report della scuola');
  const [filter, setFilter] = useState({ date_from: '', date_to: '', offer: '', coach_id: '' });
  const query: TSchoolReportQuery = filter;
  const report = useSchoolReport(query);
  const coaches = useCoaches();
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const change = (field: keyof typeof filter) => (value: string) => setFilter((current) => ({ ...current, [field]: value }));

  const download = async () => {
    setFailure(null);
    setExporting(true);
    try {
      await exportSchoolReport(query);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'Esportazione non riuscita. Riprova più tardi.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="space-y-6">
      <PageHeader title="Report della scuola" subtitle={<p className="mt-1 text-slate-600">Partecipanti, presenze, incassato e da incassare per corso, settimana di centro estivo e allenatore</p>}>
        <Button variant="secondary" loading={exporting} loadingText="Esportazione..." onClick={() => void download()}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Esporta CSV
        </Button>
      </PageHeader>
      <section aria-label="Filtri" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4">
        <Input label="Dal" type="date" value={filter.date_from} onChange={(event) => change('date_from')(event.target.value)} />
        <Input label="Al" type="date" value={filter.date_to} onChange={(event) => change('date_to')(event.target.value)} />
        <Select label="Offerta" value={filter.offer} options={OFFER_OPTIONS} onValueChange={change('offer')} />
        <Select label="Allenatore" value={filter.coach_id} options={[{ value: '', label: 'Tutti gli allenatori' }, ...(coaches.data ?? []).map((coach) => ({ value: String(coach.id), label: coach.name }))]} onValueChange={change('coach_id')} />
      </section>
      {failure && <Alert tone="error">{failure}</Alert>}
      {report.error && <Alert tone="error">{serverMessage(report.error) ?? 'Non è stato possibile leggere il report. Riprova più tardi.'}</Alert>}
      <div className="space-y-2">
        <h2 className="text-lg font-semibold">Per corso</h2>
        <DataTable caption="Report per corso" columns={COURSE_COLUMNS} rows={report.data?.courses ?? []} rowKey={(row) => row.course_id} loading={report.isFetching} empty="Nessun corso per questi filtri." />
      </div>
      <div className="space-y-2">
        <h2 className="text-lg font-semibold">Per allenatore</h2>
        <DataTable caption="Totali per allenatore" columns={COACH_COLUMNS} rows={report.data?.coaches ?? []} rowKey={(row) => row.coach?.id ?? 0} loading={report.isFetching} empty="Nessun allenatore per questi filtri." />
      </div>
    </section>
  );
}
