// /prenotazioni (docs/domain.md#holds): pick a day and a sport, choose consecutive free slots of a court (or
// the full day), see the total, and "Prenota e paga" holds them while the member pays.
import { addDays, SPORTS, type TAvailability, type TSport } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { useState } from 'react';
import { generatePath, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-errors';
import { formatCents, formatDate, formatShortDay, todayInRome } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { paths } from '../../../config/paths';
import { TestModeNotice } from '../../../components/test-mode-notice';
import { useAvailability, useCreateBooking, useJoinWaitlist } from '../api/bookings';
import { AvailabilityGrid, type Selection } from '../components/availability-grid';
import { SPORT_NAMES } from '../labels';

const cents = (money: string | null) => (money ? Math.round(Number(money) * 100) : 0);

function DateStrip({ first, last, value, onChange }: { first: string; last: string; value: string; onChange: (date: string) => void }) {
  const { t } = useLingui();
  const days: string[] = [];
  for (let day = first; day <= last && days.length < 60; day = addDays(day, 1)) days.push(day);
  return (
    <div role="group" aria-label={t`Giorno`} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      {days.map((day) => (
        <button
          key={day}
          type="button"
          aria-pressed={day === value}
          onClick={() => onChange(day)}
          className={clsx(
            'shrink-0 rounded-lg px-3 py-2 text-sm font-semibold capitalize ring-1 focus-visible:outline-2 focus-visible:outline-sea-700',
            day === value ? 'bg-sea-700 text-white ring-sea-800' : 'bg-white text-sea-900 ring-slate-300 hover:bg-sea-50',
          )}
        >
          {formatShortDay(day)}
        </button>
      ))}
    </div>
  );
}

/** What the member is about to book, and its total. */
function Summary({ availability, selection, equipment, setEquipment, onBook, pending }: { availability: TAvailability; selection: Selection; equipment: boolean; setEquipment: (on: boolean) => void; onBook: () => void; pending: boolean }) {
  const { t } = useLingui();
  const court = availability.courts.find((row) => row.id === selection.courtId)!;
  const cells = court.cells.slice(selection.start, selection.start + selection.count);
  const total = selection.fullDay ? cents(equipment ? availability.prices.full_day_equipment : availability.prices.full_day) : cells.reduce((sum, cell) => sum + cents(cell.price), 0);
  const amount = formatCents(total);
  const slotCount = cells.length;
  return (
    <section aria-label={t`Riepilogo`} className="sticky bottom-2 z-20 rounded-xl border border-sea-200 bg-white p-4 shadow-lg">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm text-slate-700">
          <p className="font-semibold text-sea-900">
            {court.name} · {formatDate(availability.date)}
          </p>
          <p>
            {selection.fullDay ? <Trans>Giornata intera</Trans> : <Plural value={slotCount} one="# fascia" other="# fasce" />}: {cells[0]!.start}–{cells[cells.length - 1]!.end}
          </p>
          {selection.fullDay && <Checkbox label={t`Con attrezzatura da allenamento (palloni, antenne, coni)`} checked={equipment} onChange={(event) => setEquipment(event.target.checked)} />}
        </div>
        <div className="flex items-center gap-4">
          <p className="text-lg font-bold text-sea-900">
            <Trans>
              Totale <span aria-live="polite">{amount}</span>
            </Trans>
          </p>
          <Button onClick={onBook} loading={pending} loadingText={t`Prenotazione...`}>
            <Trans>Prenota e paga</Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}

export default function BookingsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Prenota un campo`);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const chosenCourt = searchParams.get('campo')?.toUpperCase() ?? null;
  const today = todayInRome();
  const [date, setDate] = useState(today);
  const [sport, setSport] = useState<TSport | ''>('');
  const [selection, setSelection] = useState<Selection | null>(null);
  const [equipment, setEquipment] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const availability = useAvailability({ date, sport });
  const create = useCreateBooking();
  const waitlist = useJoinWaitlist();
  const [notice, setNotice] = useState<string | null>(null);

  const day = availability.data;
  // The court chosen on the map comes first.
  const shown = day && chosenCourt ? { ...day, courts: [...day.courts].sort((a, b) => Number(b.code === chosenCourt) - Number(a.code === chosenCourt)) } : day;

  const choose = (next: Selection | null) => {
    setSelection(next);
    setError(null);
  };
  const changeDay = (next: string) => {
    setDate(next);
    choose(null);
  };
  /** A free cell starts a choice, or extends it when it touches it on the same court. */
  const pick = (courtId: number, index: number) => {
    if (selection && !selection.fullDay && selection.courtId === courtId) {
      if (index === selection.start + selection.count) return choose({ ...selection, count: selection.count + 1 });
      if (index === selection.start - 1) return choose({ ...selection, start: index, count: selection.count + 1 });
      if (index >= selection.start && index < selection.start + selection.count) return choose(null);
    }
    choose({ courtId, start: index, count: 1, fullDay: false });
  };
  const fullDay = (courtId: number) => choose({ courtId, start: 0, count: day!.courts.find((court) => court.id === courtId)!.cells.filter((cell) => cell.band === 'day').length, fullDay: true });

  async function wait(courtId: number, start: string) {
    setError(null);
    setNotice(null);
    try {
      setNotice((await waitlist.mutateAsync({ court_id: courtId, date, start })).message);
    } catch (failure) {
      setError(serverMessage(failure) ?? t`Si è verificato un errore. Riprova più tardi.`);
    }
  }

  async function book() {
    if (!selection || !day) return;
    const court = day.courts.find((row) => row.id === selection.courtId)!;
    try {
      const { booking, debt } = await create.mutateAsync({
        court_id: selection.courtId,
        date,
        start: court.cells[selection.start]!.start,
        slots: selection.count,
        full_day: selection.fullDay,
        equipment: selection.fullDay && equipment,
      });
      // What the member owes the centre is said on the payment page (docs/domain.md#credit).
      navigate(localizedTo(i18n.locale as Locale, generatePath(paths.bookingPayment, { bookingId: String(booking.id) })), { state: { debt } });
    } catch (failure) {
      // The grid is read again, so a slot just taken by someone else shows as taken.
      setSelection(null);
      setError(serverMessage(failure) ?? t`Si è verificato un errore nella prenotazione. Riprova più tardi.`);
      await availability.refetch();
    }
  }

  const outOfSeason = day && (date < day.season.start || date > day.season.end);
  const seasonStart = day && formatDate(day.season.start);
  const seasonEnd = day && formatDate(day.season.end);
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-8 sm:px-6">
      <TestModeNotice />
      <header>
        <h1 className="text-3xl font-bold text-sea-900">
          <Trans>Prenota un campo</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>Scegli il giorno e le fasce da 1h30 su un campo: le fasce consecutive si sommano. Paghi online per confermare.</Trans>
        </p>
      </header>
      {/* On a phone the day strip and the sport choice each take a full row, so neither covers the other. */}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="min-w-0 sm:flex-1">{day && <DateStrip first={day.today} last={day.last_bookable_day} value={date} onChange={changeDay} />}</div>
        <div className="sm:w-48">
          <Select
            label={t`Sport`}
            value={sport}
            onValueChange={(value) => {
              setSport(value);
              choose(null);
            }}
            options={[{ value: '' as const, label: t`Tutti gli sport` }, ...SPORTS.map((value) => ({ value, label: i18n._(SPORT_NAMES[value]) }))]}
          />
        </div>
      </div>
      {outOfSeason && (
        <Alert tone="info">
          <Trans>
            Il centro è aperto dal {seasonStart} al {seasonEnd}: in questo giorno non si gioca.
          </Trans>
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {availability.isError && (
        <Alert tone="error">
          <Trans>Non è stato possibile caricare la disponibilità. Riprova più tardi.</Trans>
        </Alert>
      )}
      {!shown ? (
        availability.isPending && <Spinner label={t`Caricamento della disponibilità...`} />
      ) : shown.courts.length === 0 ? (
        <Alert tone="info">
          <Trans>Nessun campo allestito per questo sport in questo giorno.</Trans>
        </Alert>
      ) : (
        <AvailabilityGrid availability={shown} selection={selection} highlighted={chosenCourt} onPick={pick} onFullDay={fullDay} onWait={wait} />
      )}
      {selection && day && <Summary availability={day} selection={selection} equipment={equipment} setEquipment={setEquipment} onBook={book} pending={create.isPending} />}
    </div>
  );
}
