// A course session's admin actions (docs/school.md#make-up): cancel it with its reason, giving the
// whole-course participants a make-up credit (the session's share of what they paid) or not, or move it to
// another day and time (same duration, its courts follow). What the API refuses, e.g. what is in the way
// at the new time, is shown under the form.
import { romeToday, type TCourseSession, type TSessionMakeUp } from '@beach/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { type FormFailure, formFailure } from '../../../lib/api-errors';
import { formatDate, formatTime, todayInRome } from '../../../lib/format';
import { useCancelSession, useMoveSession } from '../api/courses';

const FAILED = 'Si è verificato un errore. Riprova più tardi.';
const FIELDS = ['reason', 'make_up', 'date', 'start_time'] as const;

export function SessionActions({ courseId, session, notify }: { courseId: number; session: TCourseSession; notify: (message: string) => void }) {
  const [mode, setMode] = useState<'cancel' | 'move' | null>(null);
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(() => romeToday(new Date(session.starts_at)));
  const [time, setTime] = useState(() => formatTime(session.starts_at));
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const cancel = useCancelSession();
  const move = useMoveSession();
  const day = formatDate(session.starts_at);
  const errorOf = (field: (typeof FIELDS)[number]) => failure?.fields.find(([name]) => name === field)?.[1];

  function open(next: 'cancel' | 'move') {
    setMode(mode === next ? null : next);
    setFailure(null);
  }

  async function run(work: () => Promise<unknown>, done: string) {
    setFailure(null);
    try {
      await work();
      notify(done);
      setMode(null);
    } catch (error) {
      setFailure(formFailure(error, FIELDS, FAILED));
    }
  }

  const cancelWith = (makeUp: TSessionMakeUp) =>
    run(
      () => cancel.mutateAsync({ id: courseId, sessionId: session.id, reason, makeUp }),
      makeUp === 'credit' ? 'Lezione annullata: chi ha pagato il corso riceve un credito di recupero.' : 'Lezione annullata: i campi sono di nuovo liberi.',
    );

  return (
    <>
      <span className="flex gap-2">
        <Button variant="secondary" size="sm" aria-label={`Annulla la lezione del ${day}`} onClick={() => open('cancel')}>
          Annulla
        </Button>
        <Button variant="secondary" size="sm" aria-label={`Sposta la lezione del ${day}`} onClick={() => open('move')}>
          Sposta
        </Button>
      </span>
      {mode === 'cancel' && (
        <form noValidate aria-label={`Annulla la lezione del ${day}`} className="w-full space-y-2" onSubmit={(event) => event.preventDefault()}>
          <Input label="Motivo" required maxLength={200} placeholder="Es. Maltempo" value={reason} error={errorOf('reason')} onChange={(event) => setReason(event.target.value)} />
          <p className="text-xs text-slate-500">Lezioni singole e prove sono sempre rimborsate sul credito. Con il recupero, ogni iscritto al corso che ha pagato riceve sul credito la quota di questa lezione.</p>
          <span className="flex flex-wrap gap-2">
            <Button variant="danger" size="sm" loading={cancel.isPending} disabled={reason.trim().length < 2} onClick={() => void cancelWith('credit')}>
              Annulla e dai un credito di recupero
            </Button>
            <Button variant="secondary" size="sm" loading={cancel.isPending} disabled={reason.trim().length < 2} onClick={() => void cancelWith('none')}>
              Annulla senza recupero
            </Button>
          </span>
        </form>
      )}
      {mode === 'move' && (
        <form
          noValidate
          aria-label={`Sposta la lezione del ${day}`}
          className="flex w-full flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => move.mutateAsync({ id: courseId, sessionId: session.id, body: { date, start_time: time } }), 'Lezione spostata: i campi la seguono e gli iscritti ricevono un’e-mail.');
          }}
        >
          <Input label="Nuovo giorno" type="date" required min={todayInRome()} value={date} error={errorOf('date')} onChange={(event) => setDate(event.target.value)} />
          <Input label="Nuovo orario" type="time" required value={time} error={errorOf('start_time')} onChange={(event) => setTime(event.target.value)} />
          <Button type="submit" size="sm" loading={move.isPending} disabled={!date || !time}>
            Sposta
          </Button>
        </form>
      )}
      {failure?.message && (
        <div className="w-full">
          <Alert tone="error">{failure.message}</Alert>
        </div>
      )}
    </>
  );
}
