// A new or edited course (docs/school.md#sessions): name, level, ages, coach, courts (the D courts by
// default), dates, weekdays, time and duration in Rome, dates to skip, places and prices. "Anteprima"
// lists the sessions it makes and what stands in their way; saving follows the preview (a change to the
// form asks for a new one). Dates in conflict are skipped, as the weekly series do. A camp week
// (docs/school.md#camps) has age bands with their places and money terms instead of lessons and trials.
import { type TCourse, type TCoursePreview, WEEKDAY_SHORT_LABELS } from '@beach/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { formatDate } from '../../../lib/format';
import { useAdminCourts } from '../../../lib/shared-queries';
import { useCoaches, usePreviewCourse, useSaveCourse } from '../api/courses';
import { type BandForm, courseBody, courseForm, emptyCourseForm, type CourseForm, offerDefaults, scheduleOf, ZCourseFormBody } from './course-form';
import { CoursePreview } from './course-preview';

const toggled = (list: number[], value: number, on: boolean) => (on ? [...list, value].sort((a, b) => a - b) : list.filter((item) => item !== value));
const MAX_BANDS = 4;

/** A list of dates typed one at a time (skipped dates, instalment dates), each removable. */
function DateListField({ label, addLabel, listLabel, dates, onChange, error }: { label: string; addLabel: string; listLabel: string; dates: string[]; onChange: (dates: string[]) => void; error?: string }) {
  const [typed, setTyped] = useState('');
  return (
    <div className="sm:col-span-2">
      <div className="flex items-end gap-2">
        <Input label={label} type="date" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <Button variant="secondary" disabled={!typed || dates.includes(typed)} onClick={() => (onChange([...dates, typed].sort()), setTyped(''))}>
          {addLabel}
        </Button>
      </div>
      <ul aria-label={listLabel} className="mt-2 flex flex-wrap gap-2">
        {dates.map((date) => (
          <li key={date}>
            <Button variant="secondary" size="sm" aria-label={`Togli ${formatDate(date)}`} onClick={() => onChange(dates.filter((other) => other !== date))}>
              {formatDate(date)} ×
            </Button>
          </li>
        ))}
      </ul>
      {error && <p className="mt-1 text-sm text-coral-600">{error}</p>}
    </div>
  );
}

/** Mounted while open; `course` null: a new one. */
export function CourseFormModal({ course, onClose, onSaved }: { course: TCourse | null; onClose: () => void; onSaved: (message: string, courseId: number) => void }) {
  const courts = useAdminCourts().data ?? [];
  const coaches = useCoaches().data ?? [];
  const preview = usePreviewCourse();
  const save = useSaveCourse();
  const [shown, setShown] = useState<TCoursePreview | null>(null);
  const schoolCourts = courts.filter((court) => court.row === 'D').map((court) => court.id);
  const { field, errorOf, watch, setValue, submit, failure, reset, formState } = useZodForm({
    schema: ZCourseFormBody,
    defaultValues: course ? courseForm(course) : emptyCourseForm([]),
    messages: { failed: 'Si è verificato un errore nel salvataggio del corso. Riprova più tardi.' },
  });
  // The D courts arrive after the form: a new course starts on them until the admin chooses.
  const schoolKey = schoolCourts.join(',');
  useEffect(() => {
    if (!course && !formState.isDirty && schoolKey) reset({ ...emptyCourseForm(schoolKey.split(',').map(Number)) });
  }, [course, schoolKey, formState.isDirty, reset]);
  // A changed form needs a new preview.
  useEffect(() => {
    const subscription = watch(() => setShown(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const form = watch() as CourseForm;
  const set = <K extends keyof CourseForm>(name: K, value: CourseForm[K]) => setValue(name, value as never, { shouldDirty: true });
  const showPreview = submit(async () => setShown(await preview.mutateAsync(scheduleOf(form, course?.id ?? null))));
  const camp = form.offer === 'camp';
  const setBand = (index: number, band: BandForm) => set('bands', form.bands.map((other, at) => (at === index ? band : other)));
  const saveCourse = submit(async () => {
    const result = await save.mutateAsync({ id: course?.id ?? null, body: courseBody(form) });
    onClose();
    onSaved(result.message, result.course.id);
  });

  return (
    <Modal
      open
      size="lg"
      title={course ? `Modifica ${camp ? 'centro estivo' : 'corso'} ${course.name}` : camp ? 'Nuovo centro estivo' : 'Nuovo corso'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button variant="secondary" loading={preview.isPending} loadingText="Anteprima..." onClick={() => void showPreview()}>
            Anteprima
          </Button>
          <Button disabled={!shown || shown.free === 0} loading={save.isPending} loadingText="Salvataggio..." onClick={() => void saveCourse()}>
            {camp ? 'Salva centro estivo' : 'Salva corso'}
            {shown ? ` (${shown.free} ${camp ? 'giorni' : 'lezioni'})` : ''}
          </Button>
        </>
      }
    >
      <FormAlert failure={failure} className="mb-4" />
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={showPreview}>
        <Select
          label="Tipo"
          options={[{ value: 'course', label: 'Corso' }, { value: 'camp', label: 'Centro estivo' }]}
          value={form.offer}
          disabled={Boolean(course && course.places_taken > 0)}
          onChange={(event) => {
            for (const [name, value] of Object.entries(offerDefaults(event.target.value === 'camp' ? 'camp' : 'course', schoolCourts))) set(name as keyof CourseForm, value as never);
          }}
        />
        <Input label="Nome" required maxLength={120} {...field('name')} />
        <Input label="Titolo (tedesco, facoltativo)" maxLength={120} lang="de" {...field('title_de')} />
        <Input label="Titolo (inglese, facoltativo)" maxLength={120} lang="en" {...field('title_en')} />
        <Input label="Livello" maxLength={80} placeholder="Es. Principianti" {...field('level')} />
        <Select label="Allenatore" options={[{ value: '', label: 'Nessuno' }, ...coaches.map((coach) => ({ value: String(coach.id), label: coach.name }))]} {...field('coach_id')} />
        {!camp && (
          <>
            <Input label="Età minima" type="number" min={0} max={99} {...field('min_age')} />
            <Input label="Età massima" type="number" min={0} max={99} {...field('max_age')} />
          </>
        )}
        {camp && (
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-700">Fasce d’età (età compiuta il primo giorno)</legend>
            <ul aria-label="Fasce d’età" className="mt-2 space-y-2">
              {form.bands.map((band, index) => (
                <li key={index} className="grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-2">
                  <Input label={`Fascia ${index + 1}: da anni`} type="number" min={0} max={99} value={band.min_age} error={errorOf(`bands.${index}.min_age`)} onChange={(event) => setBand(index, { ...band, min_age: event.target.value })} />
                  <Input label="a anni" type="number" min={0} max={99} value={band.max_age} error={errorOf(`bands.${index}.max_age`)} onChange={(event) => setBand(index, { ...band, max_age: event.target.value })} />
                  <Input label="Posti" type="number" min={1} max={500} value={band.capacity} error={errorOf(`bands.${index}.capacity`)} onChange={(event) => setBand(index, { ...band, capacity: event.target.value })} />
                  <Button variant="secondary" size="sm" aria-label={`Togli la fascia ${index + 1}`} disabled={form.bands.length === 1} onClick={() => set('bands', form.bands.filter((_, at) => at !== index))}>
                    ×
                  </Button>
                </li>
              ))}
            </ul>
            <Button className="mt-2" variant="secondary" size="sm" disabled={form.bands.length >= MAX_BANDS} onClick={() => set('bands', [...form.bands, { min_age: '', max_age: '', capacity: '' }])}>
              Aggiungi fascia
            </Button>
            {errorOf('bands') && <p className="mt-1 text-sm text-coral-600">{errorOf('bands')}</p>}
          </fieldset>
        )}
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">Campi</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {courts.map((court) => (
              <Checkbox key={court.id} label={court.code} checked={form.court_ids.includes(court.id)} onChange={(event) => set('court_ids', toggled(form.court_ids, court.id, event.target.checked))} />
            ))}
          </div>
          {errorOf('court_ids') && <p className="mt-1 text-sm text-coral-600">{errorOf('court_ids')}</p>}
        </fieldset>
        <Input label="Primo giorno" type="date" required {...field('starts_on')} />
        <Input label="Ultimo giorno" type="date" required {...field('ends_on')} />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">Giorni della settimana</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAY_SHORT_LABELS.map((label, index) => (
              <Checkbox key={label} label={label} checked={form.weekdays.includes(index + 1)} onChange={(event) => set('weekdays', toggled(form.weekdays, index + 1, event.target.checked))} />
            ))}
          </div>
          {errorOf('weekdays') && <p className="mt-1 text-sm text-coral-600">{errorOf('weekdays')}</p>}
        </fieldset>
        <Input label="Ora di inizio (ora di Roma)" type="time" required {...field('start_time')} />
        <Input label="Durata (minuti)" type="number" min={15} max={600} required {...field('duration_minutes')} />
        <DateListField label="Date da saltare" addLabel="Aggiungi" listLabel="Date saltate" dates={form.exceptions} onChange={(dates) => set('exceptions', dates)} error={errorOf('exceptions')} />
        <Input label="Partecipanti minimi" type="number" min={1} required {...field('min_participants')} />
        {camp ? (
          <Input label="Verifica del minimo il" type="date" {...field('minimum_check_on')} />
        ) : (
          <Input label="Partecipanti massimi" type="number" min={1} required {...field('max_participants')} />
        )}
        <Input label={camp ? 'Prezzo della settimana (€)' : 'Prezzo del corso (€)'} required inputMode="decimal" placeholder="0,00" {...field('price')} />
        {camp ? (
          <>
            <Input label="Acconto all’iscrizione (€, facoltativo)" inputMode="decimal" placeholder="0,00" {...field('deposit')} />
            <Input label="Saldo entro il" type="date" {...field('balance_due_on')} />
            <Input label="Sconto fratelli (%)" type="number" min={0} max={50} {...field('sibling_discount_percent')} />
            <Input label="Maggiorazione iscrizione tardiva (€)" inputMode="decimal" placeholder="0,00" {...field('late_fee')} />
            <Input label="Maggiorazione dal" type="date" {...field('late_fee_from')} />
          </>
        ) : (
          <>
            <Input label="Prezzo di una lezione (€, facoltativo)" inputMode="decimal" placeholder="0,00" {...field('lesson_price')} />
            <div className="sm:col-span-2">
              <Checkbox label="Lezione di prova ammessa" checked={form.trial_allowed} onChange={(event) => set('trial_allowed', event.target.checked)} />
            </div>
            <DateListField label="Rate: date di scadenza (facoltative)" addLabel="Aggiungi rata" listLabel="Date delle rate" dates={form.instalment_dates} onChange={(dates) => set('instalment_dates', dates)} error={errorOf('instalment_dates')} />
          </>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
      {shown && <CoursePreview preview={shown} />}
    </Modal>
  );
}
