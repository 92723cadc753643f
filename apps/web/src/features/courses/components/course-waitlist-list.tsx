// A course's waiting list on its detail (docs/school.md#waiting-list): who waits, in which order, and the
// offers with their deadline; read-only (the members join, accept and withdraw themselves).
import type { TWaitlistStatus } from '@beach/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { useCourseWaitlist } from '../api/courses';

const STATUS: Record<TWaitlistStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'In attesa', tone: 'yellow' },
  offered: { label: 'Posto offerto', tone: 'sea' },
  enrolled: { label: 'Iscritto', tone: 'green' },
  lapsed: { label: 'Offerta scaduta', tone: 'neutral' },
  withdrawn: { label: 'Ritirato', tone: 'neutral' },
};

export function CourseWaitlistList({ courseId }: { courseId: number }) {
  const waitlist = useCourseWaitlist(courseId);
  const rows = waitlist.data ?? [];
  return (
    <section aria-label="Lista d'attesa" className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold tracking-wide text-sea-800 uppercase">Lista d’attesa ({rows.filter((row) => row.status === 'waiting').length} in attesa)</h3>
      {waitlist.isError && <p className="mt-2 text-sm text-rose-700">Non è stato possibile leggere la lista d’attesa.</p>}
      {waitlist.isSuccess && rows.length === 0 && <p className="mt-2 text-sm text-slate-600">Nessuno in lista d’attesa.</p>}
      <ul className="mt-2 divide-y divide-slate-100">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              {row.position !== null && `${row.position}. `}
              {row.participant.name}
              {row.participant.child_id !== null && ` (figlio/a di ${row.member.name})`}
              {row.band && ` · fascia ${row.band.min_age}–${row.band.max_age} anni`}
              <span className="block text-xs text-slate-500">
                {row.member.email} · dal {formatDateTime(row.created_at)}
                {row.offer_expires_at && ` · offerta fino al ${formatDateTime(row.offer_expires_at)}`}
              </span>
            </span>
            <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
