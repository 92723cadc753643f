// /admin/corsi (staff read, admin writes; docs/school.md#sessions, #camps): the school's season courses
// and camp weeks (badged, and filtered), each with its coach, days, courts and places; a course opens
// with its sessions.
import { WEEKDAY_SHORT_LABELS, type TCourse, type TCourseOffer } from '@beach/contracts';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DataColumn } from '../../../components/admin/data-table';
import { useNotices } from '../../../components/admin/notices';
import { PageHeader } from '../../../components/admin/page-header';
import { PagedTable } from '../../../components/admin/paged-table';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCourses } from '../api/courses';
import { CourseDetailModal } from '../components/course-detail-modal';
import { CourseFormModal } from '../components/course-form-modal';

const stateOf = (course: TCourse) =>
  course.cancelled ? <Badge tone="red">Annullato</Badge> : course.published ? <Badge tone="green">Pubblicato</Badge> : <Badge>Bozza</Badge>;

export default function AdminCoursesPage() {
  usePageTitle('Corsi');
  const isAdmin = Boolean(useCurrentUser()?.is_admin);
  const { notify, region } = useNotices();
  const [page, setPage] = useState(1);
  const [offer, setOffer] = useState<TCourseOffer | null>(null);
  const courses = useCourses(page, offer);
  const [editing, setEditing] = useState<TCourse | null | undefined>(undefined);
  // The planner links a course's session here (?corso=<id>): its detail opens.
  const [searchParams] = useSearchParams();
  const [shown, setShown] = useState<number | null>(() => Number(searchParams.get('corso')) || null);

  const columns: DataColumn<TCourse>[] = [
    { key: 'name', header: 'Corso', cell: (course) => (
      <span>
        <span className="block font-semibold text-slate-900">{course.name}</span>
        {course.offer === 'camp' && <Badge tone="sea">Centro estivo</Badge>}
        <span className="block text-xs text-slate-500">{[course.level, course.coach?.name].filter(Boolean).join(' · ')}</span>
      </span>
    ) },
    { key: 'when', header: 'Quando', cell: (course) => (
      <span>
        <span className="block">{course.weekdays.map((day) => WEEKDAY_SHORT_LABELS[day - 1]).join(', ')} {course.start_time}</span>
        <span className="block text-xs text-slate-500">dal {formatDate(course.starts_on)} al {formatDate(course.ends_on)}</span>
      </span>
    ) },
    { key: 'courts', header: 'Campi', cell: (course) => course.court_codes.join(', ') },
    { key: 'places', header: 'Posti', cell: (course) => `${course.places_taken}/${course.max_participants}` },
    { key: 'price', header: 'Prezzo', cell: (course) => formatMoney(course.price) },
    { key: 'state', header: 'Stato', cell: stateOf },
    { key: 'actions', header: <span className="sr-only">Azioni</span>, label: 'Azioni', cell: (course) => (
      <Button variant="secondary" size="sm" onClick={() => setShown(course.id)} aria-label={`Apri il corso ${course.name}`}>
        Apri
      </Button>
    ) },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Corsi" subtitle={<p className="mt-1 text-slate-600">Scuola: corsi di stagione e centri estivi sui campi D, con le loro lezioni</p>}>
        {isAdmin && (
          <Button onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Nuovo corso
          </Button>
        )}
      </PageHeader>
      <div className="max-w-xs">
        <Select
          label="Mostra"
          options={[{ value: '', label: 'Tutti' }, { value: 'course', label: 'Corsi' }, { value: 'camp', label: 'Centri estivi' }]}
          value={offer ?? ''}
          onChange={(event) => (setOffer(event.target.value === '' ? null : (event.target.value as TCourseOffer)), setPage(1))}
        />
      </div>
      <PagedTable
        read={courses}
        failed="Si è verificato un errore nel caricamento dei corsi. Riprova più tardi."
        caption="Corsi"
        columns={columns}
        rowKey={(course) => course.id}
        empty={courses.isPending ? <Spinner /> : 'Nessun corso. Creane uno con “Nuovo corso”.'}
        onPageChange={setPage}
        summary={(from, to, total) => `Mostra ${from} - ${to} di ${total} corsi`}
      />
      {shown !== null && editing === undefined && (
        <CourseDetailModal courseId={shown} isAdmin={isAdmin} onEdit={setEditing} onClose={() => setShown(null)} notify={notify} />
      )}
      {editing !== undefined && <CourseFormModal key={editing?.id ?? 'new'} course={editing} onClose={() => setEditing(undefined)} onSaved={(message) => notify(message)} />}
      {region}
    </div>
  );
}
