// /allenatore/lezioni/:id (coach, staff, admin): one session on the coach's phone — who takes part, with
// what the coach must know of each, and the attendance taken one tap at a time or by scanning a member's
// card (from the session's day).
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Loaded } from '../../../components/ui/loaded';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { formatLongDate, formatTime, romeDayOf, todayInRome } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { SignInSheetButton } from '../../school-reports';
import { useCoachSession } from '../api/coaching';
import { CardScanPanel } from '../components/card-scan-panel';
import { ParticipantCard } from '../components/participant-card';
import { timeRange } from '../labels';

export default function CoachSessionPage() {
  const id = Number(useParams().id);
  const detail = useCoachSession(id);
  usePageTitle(detail.data ? detail.data.session.course.name : 'Lezione');
  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <Link to={paths.coach.sessions} className="inline-flex min-h-11 items-center text-sm font-semibold text-sea-700 underline">
        ← Le mie lezioni
      </Link>
      {/* Another coach's session, or none: the server's words ("Lezione non trovata."), not a connection's. */}
      <Loaded read={detail} failed={serverMessage(detail.error) ?? 'Non è stato possibile caricare la lezione.'}>
        {({ session, participants }) => {
          const day = romeDayOf(session.starts_at);
          const canRecord = !session.cancelled && day <= todayInRome();
          const present = participants.filter((person) => person.present === true).length;
          return (
            <>
              <header>
                <h1 className="text-2xl font-bold text-sea-900">{session.course.name}</h1>
                <p className="text-slate-700 first-letter:uppercase">{`${formatLongDate(day)}, ${timeRange(session, formatTime)}`}</p>
                <p className="text-sm text-slate-600">{[session.courts.join(', '), session.coach_name].filter(Boolean).join(' · ')}</p>
                <p className="mt-1 font-semibold" role="status">{`Presenti ${present} su ${participants.length}`}</p>
                <div className="mt-2"><SignInSheetButton sessionId={session.id} /></div>
              </header>
              {session.cancelled && <Alert tone="warning">Lezione annullata.</Alert>}
              {!session.cancelled && !canRecord && <Alert>Le presenze si segnano dal giorno della lezione.</Alert>}
              {canRecord && participants.length > 0 && <CardScanPanel sessionId={session.id} />}
              {participants.length === 0 ? (
                <p className="text-slate-600">Nessun iscritto a questa lezione.</p>
              ) : (
                <ul className="space-y-3">
                  {participants.map((person) => <ParticipantCard key={person.enrolment_id} sessionId={session.id} person={person} canRecord={canRecord} />)}
                </ul>
              )}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
