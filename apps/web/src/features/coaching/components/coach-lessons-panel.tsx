// On /allenatore: the coach's private lessons — a phone-first form to publish a slot of availability on a
// D court at their price, and the slots of the next weeks with who booked them (Italian, as the coach's
// screens). Staff and admins see every coach's slots here; they publish for a coach through the API.
import { addDays, type TLessonSlot } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Loaded } from '../../../components/ui/loaded';
import { formFailure, serverMessage } from '../../../lib/api-errors';
import { formatDateTime, formatMoney, formatTime, todayInRome } from '../../../lib/format';
import { useCoachLessonSlots, usePublishLessonSlot, useSchoolCourts, useWithdrawLessonSlot } from '../../private-lessons';

/** Days of slots listed ahead. */
const DAYS_SHOWN = 28;
const FIELDS = ['court_id', 'date', 'start', 'duration_minutes', 'price'] as const;

function SlotCard({ slot }: { slot: TLessonSlot }) {
  const withdraw = useWithdrawLessonSlot();
  return (
    <li className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold text-sea-900">{`${formatDateTime(slot.starts_at)}–${formatTime(slot.ends_at)}`}</span>
        {slot.booking ? <Badge tone={slot.booking.payment_pending ? 'neutral' : 'green'}>{slot.booking.payment_pending ? 'Prenotata, da pagare' : 'Prenotata'}</Badge> : <Badge tone="neutral">Libera</Badge>}
      </div>
      <p className="text-sm text-slate-600">{`${slot.court.code} · ${formatMoney(slot.price)} · ${slot.coach.name}`}</p>
      {slot.booking ? (
        <ul className="text-sm">
          {slot.booking.people.map((person, index) => (
            <li key={index}>
              {person.name}
              {person.organiser && ' (ha prenotato)'}
              {person.phone && <a className="ml-2 text-sea-700 underline" href={`tel:${person.phone}`}>{person.phone}</a>}
            </li>
          ))}
        </ul>
      ) : (
        <Button variant="secondary" size="sm" loading={withdraw.isPending} onClick={() => withdraw.mutate(slot.id)}>
          Ritira
        </Button>
      )}
      {withdraw.error && <Alert tone="error">{serverMessage(withdraw.error) ?? 'Non è stato possibile ritirarla.'}</Alert>}
    </li>
  );
}

export function CoachLessonsPanel() {
  const today = todayInRome();
  const slots = useCoachLessonSlots(today, addDays(today, DAYS_SHOWN));
  const courts = useSchoolCourts();
  const publish = usePublishLessonSlot();
  const [form, setForm] = useState({ court_id: '', date: addDays(today, 1), start: '10:00', duration_minutes: '60', price: '' });
  const failure = publish.error ? formFailure(publish.error, FIELDS, 'Non è stato possibile pubblicare la disponibilità.') : null;
  const fieldError = (field: string) => failure?.fields.filter(([name]) => name === field).map(([, message]) => message);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    publish.mutate({ court_id: Number(form.court_id), date: form.date, start: form.start, duration_minutes: Number(form.duration_minutes), price: form.price });
  }

  return (
    <section aria-labelledby="private-lessons-heading" className="space-y-4">
      <h2 id="private-lessons-heading" className="text-xl font-bold text-sea-900">Lezioni private</h2>
      <form noValidate onSubmit={submit} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Pubblica una disponibilità">
        <Select
          label="Campo"
          value={form.court_id}
          onValueChange={set('court_id')}
          error={fieldError('court_id')}
          options={[{ value: '', label: 'Scegli' }, ...(courts.data ?? []).map((court) => ({ value: String(court.id), label: court.code }))]}
        />
        <Input label="Giorno" type="date" min={today} value={form.date} onChange={(event) => set('date')(event.target.value)} error={fieldError('date')} />
        <Input label="Inizio" type="time" step={1800} value={form.start} onChange={(event) => set('start')(event.target.value)} error={fieldError('start')} />
        <Select label="Durata" value={form.duration_minutes} onValueChange={set('duration_minutes')} error={fieldError('duration_minutes')} options={[{ value: '60', label: '60 minuti' }, { value: '90', label: '90 minuti' }]} />
        <Input label="Prezzo della lezione (€, da 1 a 4 persone)" inputMode="decimal" value={form.price} onChange={(event) => set('price')(event.target.value)} error={fieldError('price')} />
        {failure?.message && <Alert tone="error">{failure.message}</Alert>}
        {publish.isSuccess && !publish.isPending && <Alert tone="success">{publish.data.message}</Alert>}
        <Button type="submit" loading={publish.isPending} className="min-h-11 w-full">
          Pubblica
        </Button>
      </form>
      <Loaded read={slots} failed="Non è stato possibile caricare le lezioni private.">
        {(list) => (list.length === 0 ? <p className="text-slate-600">Nessuna disponibilità pubblicata nelle prossime quattro settimane.</p> : <ul className="space-y-3">{list.map((slot) => <SlotCard key={slot.id} slot={slot} />)}</ul>)}
      </Loaded>
    </section>
  );
}
