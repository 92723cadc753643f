// A new or edited course (docs/school.md#sessions): name, level, ages, coach, courts (the D courts by
// default), dates, weekdays, time and duration in Rome, dates to skip, places and prices. "Anteprima"
// lists the sessions it makes and what stands in their way; saving follows the preview (a change to the
// form asks for a new one). Dates in conflict are skipped, as the weekly series do.
import { type TCourse, type TCoursePreview, WEEKDAY_SHORT_LABELS } from '@beach/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { formatDate } from '../../../lib/format';
import { useAdminCourts } from '../../../lib/shared-queries';
import { useCoaches, usePreviewCourse, useSaveCourse } from '../api/courses';
import { courseBody, courseForm, emptyCourseForm, type CourseForm, scheduleOf, ZCourseFormBody } from './course-form';
import { CoursePreview } from './course-preview';

const toggled = (list: number[], value: number, on: boolean) => (on ? [...list, value].sort((a, b) => a - b) : list.filter((item) => item !== value));

/** Mounted while open; `course` null: a new one. */
export function CourseFormModal({ course, onClose, onSaved }: { course: TCourse | null; onClose: () => void; onSaved: (message: string) => void }) {
  const courts = useAdminCourts().data ?? [];
  const coaches = useCoaches().data ?? [];
  const preview = usePreviewCourse();
  const save = useSaveCourse();
  const [shown, setShown] = useState<TCoursePreview | null>(null);
  const [skipDate, setSkipDate] = useState('');
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
  const saveCourse = submit(async () => {
    const result = await save.mutateAsync({ id: course?.id ?? null, body: courseBody(form) });
    onClose();
    onSaved(result.message);
  });

  return (
    <Modal
      open
      size="lg"
      title={course ? `Modifica corso ${course.name}` : 'Nuovo corso'}
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
            Salva corso{shown ? ` (${shown.free} lezioni)` : ''}
          </Button>
        </>
      }
    >
      <FormAlert failure={failure} className="mb-4" />
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={showPreview}>
        <div className="sm:col-span-2">
          <Input label="Nome" required maxLength={120} {...field('name')} />
        </div>
        <Input label="Livello" maxLength={80} placeholder="Es. Principianti" {...field('level')} />
        <Select label="Allenatore" options={[{ value: '', label: 'Nessuno' }, ...coaches.map((coach) => ({ value: String(coach.id), label: coach.name }))]} {...field('coach_id')} />
        <Input label="Età minima" type="number" min={0} max={99} {...field('min_age')} />
        <Input label="Età massima" type="number" min={0} max={99} {...field('max_age')} />
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
        <div className="sm:col-span-2">
          <div className="flex items-end gap-2">
            <Input label="Date da saltare" type="date" value={skipDate} onChange={(event) => setSkipDate(event.target.value)} />
            <Button variant="secondary" disabled={!skipDate || form.exceptions.includes(skipDate)} onClick={() => (set('exceptions', [...form.exceptions, skipDate].sort()), setSkipDate(''))}>
              Aggiungi
            </Button>
          </div>
          <ul aria-label="Date saltate" className="mt-2 flex flex-wrap gap-2">
            {form.exceptions.map((date) => (
              <li key={date}>
                <Button variant="secondary" size="sm" aria-label={`Togli ${formatDate(date)}`} onClick={() => set('exceptions', form.exceptions.filter((other) => other !== date))}>
                  {formatDate(date)} ×
                </Button>
              </li>
            ))}
          </ul>
          {errorOf('exceptions') && <p className="mt-1 text-sm text-coral-600">{errorOf('exceptions')}</p>}
        </div>
        <Input label="Partecipanti minimi" type="number" min={1} required {...field('min_participants')} />
        <Input label="Partecipanti massimi" type="number" min={1} required {...field('max_participants')} />
        <Input label="Prezzo del corso (€)" required inputMode="decimal" placeholder="0,00" {...field('price')} />
        <Input label="Prezzo di una lezione (€, facoltativo)" inputMode="decimal" placeholder="0,00" {...field('lesson_price')} />
        <div className="sm:col-span-2">
          <Checkbox label="Lezione di prova ammessa" checked={form.trial_allowed} onChange={(event) => set('trial_allowed', event.target.checked)} />
        </div>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
      {shown && <CoursePreview preview={shown} />}
    </Modal>
  );
}
