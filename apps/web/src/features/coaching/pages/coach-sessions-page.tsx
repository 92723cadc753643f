// /allenatore (coach, staff, admin): "Le mie lezioni" — today's sessions and the next two weeks', by day,
// or the past two weeks' (latest first) to fill in an attendance late; a coach sees their own courses',
// staff and admins every coach's. Built for a phone first.
import { addDays, buildPath, type TCoachSession } from '@beach/contracts';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Select } from '../../../components/ui/field';
import { Loaded } from '../../../components/ui/loaded';
import { paths } from '../../../config/paths';
import { formatLongDate, formatTime, romeDayOf, todayInRome } from '../../../lib/format';
import { isStaffOrAdmin, useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCoaches } from '../../courses';
import { useCoachSessions } from '../api/coaching';
import { CoachLessonsPanel } from '../components/coach-lessons-panel';
import { timeRange } from '../labels';

/** Days listed ahead, or back with "Passate". */
const DAYS_SHOWN = 14;

const dayOf = (session: TCoachSession) => romeDayOf(session.starts_at);

function SessionLink({ session }: { session: TCoachSession }) {
  return (
    <li>
      <Link to={buildPath(paths.coach.session, { id: session.id })} className="block min-h-16 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-sea-400">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-lg font-bold text-sea-900">{timeRange(session, formatTime)}</span>
          {session.cancelled ? <Badge tone="red">Annullata</Badge> : <Badge tone={session.recorded === session.participants && session.participants > 0 ? 'green' : 'neutral'}>{`Presenti ${session.present} su ${session.participants}`}</Badge>}
        </div>
        <p className="font-semibold">{session.course.name}{session.course.level ? ` · ${session.course.level}` : ''}</p>
        <p className="text-sm text-slate-600">{[session.courts.join(', '), session.coach_name].filter(Boolean).join(' · ')}</p>
      </Link>
    </li>
  );
}

export default function CoachSessionsPage() {
  usePageTitle('Le mie lezioni');
  const today = todayInRome();
  const desk = isStaffOrAdmin(useCurrentUser());
  const [coachId, setCoachId] = useState('');
  const [past, setPast] = useState(false);
  const coaches = useCoaches(desk);
  const [from, to] = past ? [addDays(today, -DAYS_SHOWN), addDays(today, -1)] : [today, addDays(today, DAYS_SHOWN)];
  const sessions = useCoachSessions(from, to, coachId ? Number(coachId) : undefined);
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold text-sea-900">Le mie lezioni</h1>
      {desk && (
        <Select
          label="Allenatore"
          value={coachId}
          onValueChange={setCoachId}
          options={[{ value: '', label: 'Tutti' }, ...(coaches.data ?? []).map((coach) => ({ value: String(coach.id), label: coach.name }))]}
        />
      )}
      <div className="flex gap-2" role="group" aria-label="Quali lezioni">
        {[false, true].map((showPast) => (
          <button
            key={String(showPast)}
            type="button"
            aria-pressed={past === showPast}
            onClick={() => setPast(showPast)}
            className={`min-h-11 rounded-full px-4 font-semibold ring-1 ${past === showPast ? 'bg-sea-700 text-white ring-sea-700' : 'bg-white text-slate-700 ring-slate-300'}`}
          >
            {showPast ? 'Passate' : 'Prossime'}
          </button>
        ))}
      </div>
      <Loaded read={sessions} failed="Non è stato possibile caricare le lezioni.">
        {(list) => {
          if (list.length === 0) return <p className="text-slate-600">{past ? 'Nessuna lezione nelle ultime due settimane.' : 'Nessuna lezione oggi né nelle prossime due settimane.'}</p>;
          const days = [...new Set(list.map(dayOf))];
          if (past) days.reverse();
          return days.map((day) => (
            <div key={day} className="space-y-2">
              <h2 className="text-lg font-semibold text-slate-800 first-letter:uppercase">{day === today ? `Oggi, ${formatLongDate(day)}` : formatLongDate(day)}</h2>
              <ul className="space-y-3">{list.filter((session) => dayOf(session) === day).map((session) => <SessionLink key={session.id} session={session} />)}</ul>
            </div>
          ));
        }}
      </Loaded>
      {!past && <CoachLessonsPanel />}
    </section>
  );
}
