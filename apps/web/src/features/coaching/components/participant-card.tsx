// One participant of a session on the coach's phone: present and absent as two big buttons, saved as
// tapped; the certificate's state, the phone to call, a child's health notes and who collects them; a note,
// saved on Enter, on leaving the field or a moment after the typing stops, then "Salvato".
import type { TSessionParticipant } from '@beach/contracts';
import clsx from 'clsx';
import Phone from 'lucide-react/icons/phone';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { serverMessage } from '../../../lib/api-errors';
import { useTakeAttendance } from '../api/coaching';
import { certificateBadge, kindLabel } from '../labels';

const tapClasses = (chosen: boolean, tone: 'present' | 'absent') =>
  clsx(
    'min-h-14 flex-1 rounded-xl text-base font-bold ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
    // A session not yet come: the buttons show they cannot be tapped.
    'disabled:cursor-not-allowed disabled:opacity-50 disabled:saturate-0',
    !chosen && 'bg-white text-slate-700 ring-slate-300',
    chosen && tone === 'present' && 'bg-emerald-600 text-white ring-emerald-700',
    chosen && tone === 'absent' && 'bg-coral-600 text-white ring-coral-600',
  );

/** How long the note waits after the last key before it saves itself. */
export const NOTE_SAVE_DELAY_MS = 800;

export function ParticipantCard({ sessionId, person, canRecord }: { sessionId: number; person: TSessionParticipant; canRecord: boolean }) {
  const take = useTakeAttendance(sessionId);
  const [note, setNote] = useState(person.note ?? '');
  const kind = kindLabel(person.kind);
  const save = (present: boolean) => take.mutate({ enrolment_id: person.enrolment_id, present, note: note.trim() });
  const failed = take.isError ? (serverMessage(take.error) ?? 'Controlla la connessione e riprova.') : null;
  // The server keeps the note trimmed: a note equal to it once trimmed is already saved.
  const noteChanged = person.present !== null && note.trim() !== (person.note ?? '');
  const saveNote = () => noteChanged && save(person.present!);
  useEffect(() => {
    if (!noteChanged) return;
    const timer = window.setTimeout(() => save(person.present!), NOTE_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // Only a change of the note (or of the saved one) starts the wait again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [note, person.note, person.present]);
  return (
    <li className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={person.name}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold text-sea-900">{person.name}</p>
        {person.age !== null && <span className="text-sm text-slate-500">{person.age} anni</span>}
        {kind && <Badge tone="sea">{kind}</Badge>}
        {person.certificate && <Badge tone={certificateBadge(person.certificate).tone}>{certificateBadge(person.certificate).label}</Badge>}
        {person.payment_pending && <Badge tone="yellow">Iscrizione da pagare</Badge>}
      </div>
      {person.phone && (
        <a href={`tel:${person.phone.replace(/\s+/g, '')}`} className="inline-flex min-h-11 items-center gap-2 font-semibold text-sea-700 underline">
          <Phone className="h-4 w-4" aria-hidden="true" />
          {person.is_child ? `Genitore: ${person.phone}` : person.phone}
        </a>
      )}
      {person.health_notes && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"><strong>Salute:</strong> {person.health_notes}</p>}
      {person.pickup_people && <p className="text-sm text-slate-600"><strong>Ritirano:</strong> {person.pickup_people}</p>}
      <div className="flex gap-3" role="group" aria-label={`Presenza di ${person.name}`}>
        <button type="button" className={tapClasses(person.present === true, 'present')} aria-pressed={person.present === true} disabled={!canRecord} onClick={() => save(true)}>
          Presente
        </button>
        <button type="button" className={tapClasses(person.present === false, 'absent')} aria-pressed={person.present === false} disabled={!canRecord} onClick={() => save(false)}>
          Assente
        </button>
      </div>
      <label className="block text-sm text-slate-600">
        Nota
        <input
          type="text"
          maxLength={500}
          value={note}
          disabled={!canRecord || person.present === null}
          placeholder={person.present === null ? 'Prima segna presente o assente' : 'Es. è arrivato in ritardo'}
          onChange={(event) => setNote(event.target.value)}
          onBlur={saveNote}
          onKeyDown={(event) => {
            if (event.key === 'Enter') saveNote();
          }}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
      </label>
      {take.isPending && <p className="text-sm text-slate-500" role="status">Salvataggio…</p>}
      {take.isSuccess && !noteChanged && <p className="text-sm font-semibold text-emerald-700" role="status">Salvato</p>}
      {failed && (
        <p className="text-sm font-semibold text-rose-700" role="alert">
          Non salvato. {failed}
        </p>
      )}
    </li>
  );
}
