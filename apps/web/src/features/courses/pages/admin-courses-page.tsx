// /admin/corsi (staff read, admin writes; docs/school.md#the-list, #camps): the school's season courses
// and camp weeks (badged), the next lesson first, by default without the cancelled and finished ones,
// searched and filtered through the address; each with its coach, days, courts and places; a course
// opens with its sessions (`?corso=<id>`), as it does after a save.
import { WEEKDAY_SHORT_LABELS, type TCourse, type TCourseOffer, type TCourseListState } from '@beach/contracts';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DataColumn } from '../../../components/admin/data-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { PageHeader } from '../../../components/admin/page-header';
import { PagedTable } from '../../../components/admin/paged-table';
import { useListState } from '../../../components/admin/use-list-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCourses } from '../api/courses';
import { CourseDetailModal } from '../components/course-detail-modal';
import { CourseFormModal } from '../components/course-form-modal';

const stateOf = (course: TCourse) =>
  course.cancelled ? <Badge tone="red">Annullato</Badge> : course.published ? <Badge tone="green">Pubblicato</Badge> : <Badge>Bozza</Badge>;

const STATE_OPTIONS = [
  { value: '', label: 'In corso e futuri' },
  { value: 'past', label: 'Finiti' },
  { value: 'cancelled', label: 'Annullati' },
  { value: 'all', label: 'Tutti' },
];
const OFFER_OPTIONS = [{ value: '', label: 'Corsi e centri estivi' }, { value: 'course', label: 'Corsi' }, { value: 'camp', label: 'Centri estivi' }];

export default function AdminCoursesPage() {
  usePageTitle('Corsi');
  const isAdmin = Boolean(useCurrentUser()?.is_admin);
  const { notify, region } = useNotices();
  // '' is each filter's default: the courses neither cancelled nor over, of both offers.
  const list = useListState({ stato: '', tipo: '' });
  const courses = useCourses({
    page: list.page,
    ...(list.filters.stato && { state: list.filters.stato as TCourseListState }),
    ...(list.filters.tipo && { offer: list.filters.tipo as TCourseOffer }),
    ...(list.search && { search: list.search }),
  });
  const [editing, setEditing] = useState<TCourse | null | undefined>(undefined);
  // The course shown in the address (?corso=<id>): the planner's links and a save open it; back closes it.
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = Number(searchParams.get('corso')) || null;
  const showCourse = (id: number | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('corso');
        else next.set('corso', String(id));
        return next;
      },
      { replace: id === null },
    );

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
      <Button variant="secondary" size="sm" onClick={() => showCourse(course.id)} aria-label={`Apri il corso ${course.name}`}>
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
      <FilterBar
        search={{ label: 'Cerca', placeholder: 'Nome, livello o allenatore', value: list.text, onChange: list.setText }}
        selects={[
          { name: 'stato', label: 'Stato', value: list.filters.stato, options: STATE_OPTIONS, onChange: (value) => list.setFilter('stato', value) },
          { name: 'tipo', label: 'Mostra', value: list.filters.tipo, options: OFFER_OPTIONS, onChange: (value) => list.setFilter('tipo', value) },
        ]}
        onClear={list.clear}
        canClear={list.filtered}
        total={courses.data ? `${courses.data.total} ${courses.data.total === 1 ? 'corso' : 'corsi'}` : ' '}
      />
      <PagedTable
        read={courses}
        failed="Si è verificato un errore nel caricamento dei corsi. Riprova più tardi."
        caption="Corsi"
        columns={columns}
        rowKey={(course) => course.id}
        empty={courses.isPending ? <Spinner /> : list.filtered ? 'Nessun corso corrisponde alla ricerca o ai filtri.' : 'Nessun corso in corso o in programma. Creane uno con “Nuovo corso”.'}
        onPageChange={list.setPage}
        summary={(from, to, total) => `Mostra ${from} - ${to} di ${total} corsi`}
      />
      {shown !== null && editing === undefined && (
        <CourseDetailModal courseId={shown} isAdmin={isAdmin} onEdit={setEditing} onClose={() => showCourse(null)} notify={notify} />
      )}
      {editing !== undefined && <CourseFormModal key={editing?.id ?? 'new'} course={editing} onClose={() => setEditing(undefined)} onSaved={(message, savedId) => (notify(message), showCourse(savedId))} />}
      {region}
    </div>
  );
}
