// The board's "Programma": the day's courts (columns) by time (rows) with the matches as blocks.
// "Pianifica" places every match (the ones left out are listed); a match moves by dragging its block onto
// a court and time, or with the form (match, court, day, time) for the keyboard; what the move shifted is
// listed from → to. Each placed match can be called to its court.
import { romeInstant, type TAdminTournament, type TTournamentFormat, type TTournamentMatch, type ZShifted, type z } from '@beach/contracts';
import clsx from 'clsx';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { serverMessage } from '../../../lib/api-errors';
import { formatDate, formatTime } from '../../../lib/format';
import { useCallMatch, useMoveMatch, useScheduleTournament } from '../api/tournaments';
import { matchupText, phaseText, placeText } from '../labels';
import { romeWallOf } from '../rome';
import { boardDays, boardOf, isOpen, SLOT_MINUTES } from './schedule-board';

type Shifted = z.infer<typeof ZShifted>;
const DRAGGED = 'text/plain';
const UNEXPECTED = 'Operazione non riuscita. Riprova più tardi.';

/** A match's block on the board: dragged by its key. */
function MatchBlock({ match, format }: { match: TTournamentMatch; format: TTournamentFormat }) {
  return (
    <div
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAGGED, match.key);
        event.dataTransfer.effectAllowed = 'move';
      }}
      className={clsx('h-full cursor-grab overflow-hidden rounded-md border p-1 text-xs leading-tight', match.status === 'played' ? 'border-slate-300 bg-slate-100' : 'border-sea-300 bg-sea-50')}
    >
      {/* Two lines, each cut with an ellipsis: a 30-minute block has room for no more (a third was cut in half). */}
      <p className="truncate font-semibold text-sea-900">{`${match.key} · ${formatTime(match.starts_at!)} · ${phaseText(match, format)}`}</p>
      <p className="truncate text-slate-700" title={matchupText(match)}>{matchupText(match)}</p>
      {match.called_at && <p className="font-semibold text-sea-800">{`Chiamata alle ${formatTime(match.called_at)}`}</p>}
    </div>
  );
}

export function ScheduleTab({ tournament }: { tournament: TAdminTournament }) {
  const days = boardDays(tournament);
  const [day, setDay] = useState(days[0] ?? '');
  const board = boardOf(tournament, day);
  const schedule = useScheduleTournament();
  const move = useMoveMatch();
  const call = useCallMatch();
  const [unplaced, setUnplaced] = useState<string[] | null>(null);
  const [shifted, setShifted] = useState<Shifted | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const movable = tournament.matches.filter((match) => match.status !== 'bye' && match.status !== 'not_needed');
  const courtsOfTournament = [...new Map(tournament.courts.map((court) => [court.court_id, court.code])).entries()];
  const [moving, setMoving] = useState({ key: movable[0]?.key ?? '', court_id: String(courtsOfTournament[0]?.[0] ?? ''), day: days[0] ?? '', time: '' });

  const attempt = async (write: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await write();
    } catch (error) {
      setProblem(serverMessage(error) ?? UNEXPECTED);
    }
  };
  const plan = () => attempt(async () => setUnplaced((await schedule.mutateAsync(tournament.id)).unplaced));
  const moveTo = (key: string, courtId: number, startsAt: string) =>
    attempt(async () => setShifted((await move.mutateAsync({ id: tournament.id, key, body: { court_id: courtId, starts_at: startsAt } })).shifted));
  const submitMove = (event: FormEvent) => {
    event.preventDefault();
    if (!moving.key || !moving.court_id || !moving.day || !/^\d{2}:\d{2}$/.test(moving.time)) return setProblem('Scegli la partita, il campo, il giorno e l’ora.');
    void moveTo(moving.key, Number(moving.court_id), romeInstant(moving.day, moving.time));
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Button loading={schedule.isPending} loadingText="Pianificazione..." onClick={() => void plan()}>
          Pianifica
        </Button>
        {days.length > 1 && <Select label="Giorno" options={days.map((one) => ({ value: one, label: formatDate(one) }))} value={day} onChange={(event) => setDay(event.target.value)} />}
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      {unplaced && (
        <Alert tone={unplaced.length ? 'warning' : 'success'}>{unplaced.length ? `Non in programma: ${unplaced.join(', ')}` : 'Tutte le partite sono in programma.'}</Alert>
      )}
      {shifted && (
        <div role="status" className="rounded-lg border border-sea-200 bg-sea-50 p-3 text-sm">
          <p className="font-semibold">Spostate:</p>
          <ul aria-label="Partite spostate" className="list-disc pl-5">
            {shifted.map((one) => (
              <li key={one.key}>{`${one.key}: ${placeText(one.court_from, one.from)} → ${placeText(one.court_to, one.to)}`}</li>
            ))}
          </ul>
        </div>
      )}
      {board.times.length === 0 ? (
        <p className="text-slate-600">Nessun campo per questo giorno.</p>
      ) : (
        <div role="region" aria-label="Tabellone dei campi" tabIndex={0} className="max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <div
            className="grid min-w-max"
            style={{ gridTemplateColumns: `4rem repeat(${board.courts.length}, minmax(10rem, 1fr))`, gridTemplateRows: `auto repeat(${board.times.length}, 2rem)` }}
          >
            <div className="sticky left-0 z-20 bg-white" />
            {board.courts.map((court, column) => (
              <div key={court.id} className="border-b border-slate-200 p-1 text-center text-sm font-semibold" style={{ gridRow: 1, gridColumn: column + 2 }}>
                {court.code}
              </div>
            ))}
            {board.times.map((at, row) => (
              <div key={at} className="sticky left-0 z-20 bg-white pr-1 text-right text-xs text-slate-500" style={{ gridRow: row + 2, gridColumn: 1 }}>
                {row % (30 / SLOT_MINUTES) === 0 ? formatTime(at) : ''}
              </div>
            ))}
            {board.courts.flatMap((court, column) =>
              board.times.map((at, row) => (
                <div
                  key={`${court.id}-${at}`}
                  data-cell={`${court.code} ${formatTime(at)}`}
                  className={clsx('border-t border-l border-slate-100', !isOpen(court, at) && 'bg-slate-100')}
                  style={{ gridRow: row + 2, gridColumn: column + 2 }}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.preventDefault();
                    const key = event.dataTransfer.getData(DRAGGED);
                    if (key) void moveTo(key, court.id, at);
                  }}
                />
              )),
            )}
            {board.blocks.map(({ match, column, row, span }) => (
              <div key={match.key} data-block={match.key} className="z-10 p-0.5" style={{ gridRow: `${row + 2} / span ${span}`, gridColumn: column + 2 }}>
                <MatchBlock match={match} format={tournament.format} />
              </div>
            ))}
          </div>
        </div>
      )}
      <form noValidate onSubmit={submitMove} aria-labelledby="move-heading" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-5 sm:items-end">
        <h2 id="move-heading" className="text-base font-semibold sm:col-span-5">Sposta una partita</h2>
        <Select label="Partita" options={movable.map((match) => ({ value: match.key, label: `${match.key} · ${phaseText(match, tournament.format)}` }))} value={moving.key} onChange={(event) => setMoving({ ...moving, key: event.target.value })} />
        <Select label="Campo" options={courtsOfTournament.map(([id, code]) => ({ value: String(id), label: code }))} value={moving.court_id} onChange={(event) => setMoving({ ...moving, court_id: event.target.value })} />
        <Select label="Giorno della partita" options={days.map((one) => ({ value: one, label: formatDate(one) }))} value={moving.day} onChange={(event) => setMoving({ ...moving, day: event.target.value })} />
        <Input label="Ora" type="time" step={SLOT_MINUTES * 60} value={moving.time} onChange={(event) => setMoving({ ...moving, time: event.target.value })} />
        <Button type="submit" loading={move.isPending} loadingText="Spostamento...">
          Sposta
        </Button>
      </form>
      <section aria-labelledby="matches-heading" className="space-y-2">
        <h2 id="matches-heading" className="text-base font-semibold">Partite</h2>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {movable.map((match) => (
            <li key={match.key} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{`${match.key} · ${phaseText(match, tournament.format)}`}</span>
                <span className="block text-slate-600">{matchupText(match)}</span>
              </span>
              <span>{match.starts_at ? `${formatDate(romeWallOf(match.starts_at).day)} · ${placeText(match.court?.code ?? null, match.starts_at)}` : 'Non in programma'}</span>
              {match.called_at && <Badge tone="sea">{`Chiamata alle ${formatTime(match.called_at)}`}</Badge>}
              {match.court && match.status !== 'played' && (
                <Button variant="secondary" size="sm" aria-label={`Chiama in campo ${match.key}`} onClick={() => void attempt(() => call.mutateAsync({ id: tournament.id, key: match.key }))}>
                  Chiama in campo
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
