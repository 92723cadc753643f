// /admin/check-in (staff and admins): the desk reads a member's card with the camera or by its typed
// number, sees the verdict at arm's length, records the entrance ("Registra ingresso") once, and keeps
// the day's entrances with their counts in view. The QR decoder loads with the camera part only. A holder
// without the certificate required to play is let in only after the desk confirms it.
import { COURT_ROWS, type TCheckInLookup, type TCheckInsDay } from '@beach/contracts';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { RetryAlert } from '../../../components/ui/loaded';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/api-transport';
import { formatDate, formatTime, todayInRome } from '../../../lib/format';
import { useCardLookup, useCheckInsDay, useRecordCheckIn } from '../../../lib/check-ins';
import { CardVerdict } from '../components/card-verdict';

const CameraScanner = lazy(() => import('../components/camera-scanner'));

const ROW_OPTIONS = COURT_ROWS.map((row) => ({ value: row, label: `Fila ${row}` }));
const WALK_IN = 'walk-in';

/** Where the member plays: today's booking (preselected), or a row of courts for a walk-in (row B is the card holders'). */
function RecordEntrance({ answer }: { answer: TCheckInLookup }) {
  const record = useRecordCheckIn();
  const { confirm, dialog } = useConfirm();
  const [choice, setChoice] = useState(answer.bookings_today[0] ? String(answer.bookings_today[0].id) : WALK_IN);
  const [row, setRow] = useState<(typeof COURT_ROWS)[number]>('B');
  const card = answer.card!;
  const warning = answer.medical_certificate?.warning ?? null;

  // One click, one request: a second click before the screen shows "Registrazione..." sends nothing; and
  // this entrance's key makes the same request sent again (a retry) answer the success, recorded once.
  const sending = useRef(false);
  const [requestKey] = useState(() => crypto.randomUUID());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || record.isSuccess) return;
    sending.current = true;
    try {
      // Letting in someone who may not play is the desk's choice, made knowingly (the server asks for it too).
      if (warning && !(await confirm({ title: 'Registrare l’ingresso senza certificato valido?', message: warning, confirmLabel: 'Registra comunque', tone: 'danger' }))) return;
      const where = choice === WALK_IN ? { court_row: row } : { booking_id: Number(choice) };
      // A refusal is shown from the mutation's state.
      await record.mutateAsync({ membership_id: card.membership_id, ...where, without_valid_certificate: warning !== null, request_key: requestKey }).catch(() => undefined);
    } finally {
      sending.current = false;
    }
  };

  const options = [
    ...answer.bookings_today.map((booking) => ({ value: String(booking.id), label: `Prenotazione campo ${booking.court.code} · ${booking.start}–${booking.end}` })),
    { value: WALK_IN, label: 'Senza prenotazione' },
  ];
  const refused = record.error instanceof ApiError && record.error.status === 409;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3" aria-label="Registra ingresso">
      {dialog}
      <div className="grid gap-3 sm:grid-cols-2">
        {answer.bookings_today.length > 0 && <Select label="Ingresso per" value={choice} onChange={(event) => setChoice(event.target.value)} options={options} />}
        {choice === WALK_IN && <Select label="Fila dei campi" value={row} onChange={(event) => setRow(event.target.value as typeof row)} options={ROW_OPTIONS} />}
      </div>
      <Button type="submit" className="w-full py-4 text-lg" loading={record.isPending} loadingText="Registrazione..." disabled={record.isSuccess}>
        Registra ingresso
      </Button>
      {record.isSuccess && <Alert tone="success">{record.data.message}</Alert>}
      {record.isError && (
        <Alert tone={refused ? 'warning' : 'error'}>{serverMessage(record.error) ?? 'Impossibile registrare l’ingresso: controlla la connessione e riprova.'}</Alert>
      )}
    </form>
  );
}

function DayList({ day, onDay }: { day: string; onDay: (day: string) => void }) {
  const list = useCheckInsDay(day);
  const counts = list.data?.counts;
  return (
    <section aria-labelledby="day-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="day-title" className="text-xl font-semibold text-slate-800">
          Ingressi del {formatDate(day)}
        </h2>
        <div className="w-44">
          <Input label="Giorno" type="date" value={day} max={todayInRome()} onChange={(event) => event.target.value && onDay(event.target.value)} />
        </div>
      </div>
      {list.isError && (
        <RetryAlert onRetry={() => void list.refetch()}>
          {serverMessage(list.error) ?? 'Impossibile caricare gli ingressi: riprova.'}
        </RetryAlert>
      )}
      {list.isPending && !list.isError && <Spinner label="Caricamento ingressi..." />}
      {counts && (
        <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4 lg:grid-cols-7" aria-label="Conteggi">
          {[
            ['Totale', counts.total],
            ['Con prenotazione', counts.with_booking],
            ['Senza prenotazione', counts.walk_in],
            ...COURT_ROWS.map((row) => [`Fila ${row}`, counts.by_row[row]] as const),
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 px-2 py-2">
              <dt className="text-xs font-medium text-slate-600">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums text-sea-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {list.data && <Entrances day={list.data} />}
    </section>
  );
}

function Entrances({ day }: { day: TCheckInsDay }) {
  if (day.data.length === 0) return <p className="text-slate-600">Nessun ingresso registrato.</p>;
  return (
    <ol className="divide-y divide-slate-200" aria-label="Ingressi">
      {day.data.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2">
          <span className="font-mono text-lg font-semibold tabular-nums text-slate-900">{formatTime(entry.checked_in_at)}</span>
          <span className="font-semibold text-slate-900">{entry.holder}</span>
          {entry.membership_number && <span className="font-mono text-sm text-slate-600">{entry.membership_number}</span>}
          <span className="text-sm text-slate-700">{entry.booking ? `Campo ${entry.booking.court.code} · ${entry.booking.start}–${entry.booking.end}` : `Fila ${entry.court_row}`}</span>
          <span className="text-xs text-slate-500">registrato da {entry.staff}</span>
        </li>
      ))}
    </ol>
  );
}

export default function CheckInPage() {
  usePageTitle('Check-in ingressi');
  const lookup = useCardLookup();
  const [typed, setTyped] = useState('');
  const [day, setDay] = useState(todayInRome());
  // Each read gets a fresh "Registra ingresso" form, even when the same card is read again.
  const [reads, setReads] = useState(0);

  const read = (code: string) => {
    setReads((count) => count + 1);
    lookup.mutate(code);
  };
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    read(typed);
  };
  const fieldError = lookup.error instanceof ApiError && lookup.error.status === 422 ? lookup.error.details : undefined;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Check-in ingressi</h1>
        <p className="text-slate-600">Inquadra il QR della tessera o scrivi il suo numero.</p>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <Suspense fallback={<Spinner label="Caricamento fotocamera..." />}>
            <CameraScanner onCode={read} />
          </Suspense>
          <form noValidate onSubmit={submitTyped} className="flex items-start gap-2" aria-label="Cerca una tessera per numero">
            <div className="flex-1">
              <Input label="Numero tessera" placeholder="T2026-00042" autoComplete="off" autoCapitalize="characters" value={typed} onChange={(event) => setTyped(event.target.value)} error={fieldError} />
            </div>
            <Button type="submit" loading={lookup.isPending} className="mt-6 shrink-0">
              Verifica
            </Button>
          </form>
        </div>

        <div className="space-y-4">
          {lookup.isPending && <Spinner label="Lettura della tessera..." />}
          {lookup.isError && !fieldError && <Alert tone="error">{serverMessage(lookup.error) ?? 'Impossibile leggere la tessera: controlla la connessione e riprova.'}</Alert>}
          {lookup.data && !lookup.isPending && (
            <>
              <CardVerdict answer={lookup.data} />
              {lookup.data.verdict === 'valid' && <RecordEntrance key={reads} answer={lookup.data} />}
            </>
          )}
          {lookup.isIdle && <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">Qui compare l’esito della tessera letta.</p>}
        </div>
      </div>

      <DayList day={day} onDay={setDay} />
    </div>
  );
}
