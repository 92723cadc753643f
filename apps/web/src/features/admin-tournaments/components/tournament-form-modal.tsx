// A new tournament, or one edited before its draw (docs/tournaments.md#the-organisers-screens): every
// setting of the contract's body with its Italian message under the field, and the courts it may use, one
// row per court and day with its hours. A clash with the courts' other uses (409) stands above the form.
import { MATCH_FORMATS, SPORT_LABELS, SPORTS, TOURNAMENT_CATEGORIES, TOURNAMENT_FORMATS, type TAdminTournament } from '@beach/contracts';
import { Button } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { useAdminCourts } from '../../../lib/shared-queries';
import { useSaveTournament } from '../api/tournaments';
import { CATEGORY_LABELS, FORMAT_LABELS, MATCH_FORMAT_LABELS } from '../labels';
import { type CourtRow, emptyCourtRow, emptyTournamentForm, tournamentBody, tournamentForm, type TournamentForm, ZTournamentFormBody } from './tournament-form';

const FORM_ID = 'tournament-form';

/** Mounted while open; `tournament` null: a new one. `onSaved` gets the server's message and the tournament's id. */
export function TournamentFormModal({ tournament, onClose, onSaved }: { tournament: TAdminTournament | null; onClose: () => void; onSaved: (message: string, id: number) => void }) {
  const courts = useAdminCourts().data ?? [];
  const save = useSaveTournament();
  const { field, errorOf, watch, setValue, submit, failure } = useZodForm({
    schema: ZTournamentFormBody,
    defaultValues: tournament ? tournamentForm(tournament) : emptyTournamentForm(),
    messages: { failed: 'Si è verificato un errore nel salvataggio del torneo. Riprova più tardi.' },
  });
  const form = watch() as TournamentForm;
  const set = <K extends keyof TournamentForm>(name: K, value: TournamentForm[K]) => setValue(name, value as never, { shouldDirty: true });
  const setRow = (index: number, row: CourtRow) => set('courts', form.courts.map((other, at) => (at === index ? row : other)));
  const saveTournament = submit(async () => {
    const result = await save.mutateAsync({ id: tournament?.id ?? null, body: tournamentBody(form) });
    onClose();
    onSaved(result.message, result.tournament.id);
  });

  return (
    <Modal
      open
      size="lg"
      title={tournament ? `Modifica ${tournament.name}` : 'Nuovo torneo'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" form={FORM_ID} loading={save.isPending} loadingText="Salvataggio...">
            Salva torneo
          </Button>
        </>
      }
    >
      <FormAlert failure={failure} className="mb-4" />
      <form id={FORM_ID} noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={saveTournament}>
        <div className="sm:col-span-2">
          <Input label="Nome" required maxLength={120} {...field('name')} />
        </div>
        <Input label="Titolo (tedesco, facoltativo)" maxLength={120} lang="de" {...field('title_de')} />
        <Input label="Titolo (inglese, facoltativo)" maxLength={120} lang="en" {...field('title_en')} />
        <Select label="Sport" options={SPORTS.map((sport) => ({ value: sport, label: SPORT_LABELS[sport] }))} {...field('sport')} />
        <Select label="Categoria" options={TOURNAMENT_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] }))} {...field('category')} />
        {form.category === 'under' && <Input label="Età massima (under)" type="number" min={8} max={21} required {...field('under_age')} />}
        <Select label="Formula" options={TOURNAMENT_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))} {...field('format')} />
        <Select label="Formato partite" options={MATCH_FORMATS.map((format) => ({ value: format, label: MATCH_FORMAT_LABELS[format] }))} {...field('match_format')} />
        {form.match_format === 'one_set_21' && <Input label="Tempo limite (minuti)" type="number" min={10} max={90} {...field('time_cap_minutes')} />}
        <Input label="Durata prevista di una partita (minuti)" type="number" min={10} max={180} required {...field('match_minutes')} />
        <Input label="Riposo minimo tra due partite (minuti)" type="number" min={0} max={120} required {...field('rest_minutes')} />
        {(form.format === 'pools_knockout' || form.format === 'king_of_the_beach') && (
          <Select label="Gironi da" options={[{ value: '3', label: '3' }, { value: '4', label: '4' }]} {...field('pool_size')} />
        )}
        <Input label="Quota per giocatore (€)" required inputMode="decimal" placeholder="0,00" {...field('entry_fee')} />
        <Input label={form.format === 'king_of_the_beach' ? 'Massimo giocatori' : 'Massimo coppie'} type="number" min={2} max={128} required {...field('max_entries')} />
        <Input label="Apertura iscrizioni (ora di Roma)" type="datetime-local" required {...field('registration_opens_at')} />
        <Input label="Chiusura iscrizioni (ora di Roma)" type="datetime-local" required {...field('registration_closes_at')} />
        <Input label="Primo giorno" type="date" required {...field('starts_on')} />
        <Input label="Ultimo giorno" type="date" required {...field('ends_on')} />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">Campi per giorno</legend>
          <ul aria-label="Campi per giorno" className="mt-2 space-y-2">
            {form.courts.map((row, index) => (
              <li key={index} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]">
                <Select
                  label={`Campo ${index + 1}`}
                  options={[{ value: '', label: 'Scegli…' }, ...courts.map((court) => ({ value: String(court.id), label: court.code }))]}
                  value={row.court_id}
                  error={errorOf(`courts.${index}.court_id`)}
                  onChange={(event) => setRow(index, { ...row, court_id: event.target.value })}
                />
                <Input label="Giorno" type="date" value={row.date} error={errorOf(`courts.${index}.date`)} onChange={(event) => setRow(index, { ...row, date: event.target.value })} />
                <Input label="Dalle" type="time" value={row.from} error={errorOf(`courts.${index}.from`)} onChange={(event) => setRow(index, { ...row, from: event.target.value })} />
                <Input label="Alle" type="time" value={row.to} error={errorOf(`courts.${index}.to`)} onChange={(event) => setRow(index, { ...row, to: event.target.value })} />
                <Button variant="secondary" size="sm" aria-label={`Togli il campo ${index + 1}`} disabled={form.courts.length === 1} onClick={() => set('courts', form.courts.filter((_, at) => at !== index))}>
                  ×
                </Button>
              </li>
            ))}
          </ul>
          <Button className="mt-2" variant="secondary" size="sm" disabled={form.courts.length >= 60} onClick={() => set('courts', [...form.courts, emptyCourtRow(form.courts.at(-1)?.date || form.starts_on)])}>
            Aggiungi campo
          </Button>
          {errorOf('courts') && <p className="mt-1 text-sm text-coral-600">{errorOf('courts')}</p>}
        </fieldset>
        <div className="sm:col-span-2">
          <Textarea label="Regolamento" rows={5} maxLength={5000} {...field('rules_text')} />
        </div>
      </form>
    </Modal>
  );
}
