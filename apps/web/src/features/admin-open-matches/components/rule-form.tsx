// One automatic-match rule as the admin writes it: its name, courts, weekdays and hours, and the match each
// empty slot becomes (format, competitive with its level range or friendly, who may play).
import { OPEN_MATCH_GENDERS, SLOTS, type TAutomaticRule, type TAutomaticRuleBody, type TCourt } from '@beach/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { formFailure } from '../../../lib/api-errors';
import { FORMAT_LABELS, GENDER_LABELS, WEEKDAY_LABELS } from './rule-labels';

const FIELDS = ['name', 'court_ids', 'weekdays', 'from_time', 'to_time', 'format', 'competitive', 'level_min', 'level_max', 'gender'] as const;
const STARTS = SLOTS.map((slot) => ({ value: slot.start, label: slot.start }));
const ENDS = SLOTS.map((slot) => ({ value: slot.end, label: slot.end }));

export const EMPTY_RULE: TAutomaticRuleBody = { name: '', active: true, court_ids: [], weekdays: [1, 2, 3, 4, 5], from_time: '09:00', to_time: '13:30', format: 'volley_2x2', competitive: false, level_min: null, level_max: null, gender: 'open' };
export const bodyOf = ({ id: _id, ...body }: TAutomaticRule): TAutomaticRuleBody => body;

const toggled = (list: number[], value: number, on: boolean) => (on ? [...list, value].sort((a, b) => a - b) : list.filter((item) => item !== value));
const levelOf = (text: string) => (text === '' ? null : Number(text.replace(',', '.')));

export function RuleForm({ initial, courts, saving, onSave, onCancel }: { initial: TAutomaticRuleBody; courts: TCourt[]; saving: boolean; onSave: (body: TAutomaticRuleBody) => Promise<unknown>; onCancel?: () => void }) {
  const [rule, setRule] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (changes: Partial<TAutomaticRuleBody>) => setRule((current) => ({ ...current, ...changes }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      await onSave(rule.competitive ? rule : { ...rule, level_min: null, level_max: null });
    } catch (error) {
      const failure = formFailure(error, FIELDS, 'Errore: regola non salvata. Riprova più tardi.', 'Errore: ');
      setErrors(Object.fromEntries(failure.fields.map(([field, text]) => [field.split('.')[0]!, text])));
      setMessage(failure.message);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <Input label="Nome della regola" value={rule.name} onChange={(event) => set({ name: event.target.value })} error={errors.name} placeholder="Mattine feriali" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Campi</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {courts.map((court) => (
            <Checkbox key={court.id} label={court.code} checked={rule.court_ids.includes(court.id)} onChange={(event) => set({ court_ids: toggled(rule.court_ids, court.id, event.target.checked) })} />
          ))}
        </div>
        {errors.court_ids && <p className="mt-1 text-sm text-red-700">{errors.court_ids}</p>}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Giorni</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {WEEKDAY_LABELS.map((label, index) => (
            <Checkbox key={label} label={label} checked={rule.weekdays.includes(index + 1)} onChange={(event) => set({ weekdays: toggled(rule.weekdays, index + 1, event.target.checked) })} />
          ))}
        </div>
        {errors.weekdays && <p className="mt-1 text-sm text-red-700">{errors.weekdays}</p>}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select label="Dalle" options={STARTS} value={rule.from_time} onValueChange={(value) => set({ from_time: value })} error={errors.from_time} />
        <Select label="Alle" options={ENDS} value={rule.to_time} onValueChange={(value) => set({ to_time: value })} error={errors.to_time} />
        <Select label="Tipo di partita" options={Object.entries(FORMAT_LABELS).map(([value, label]) => ({ value: value as TAutomaticRuleBody['format'], label }))} value={rule.format} onValueChange={(value) => set({ format: value })} error={errors.format} />
        <Select label="Chi può giocare" options={OPEN_MATCH_GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }))} value={rule.gender} onValueChange={(value) => set({ gender: value })} error={errors.gender} />
      </div>
      <Checkbox label="Competitiva (con un livello da 0 a 7)" checked={rule.competitive} onChange={(event) => set({ competitive: event.target.checked })} />
      {rule.competitive && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label="Livello minimo" inputMode="decimal" value={rule.level_min ?? ''} onChange={(event) => set({ level_min: levelOf(event.target.value) })} error={errors.level_min} />
          <Input label="Livello massimo" inputMode="decimal" value={rule.level_max ?? ''} onChange={(event) => set({ level_max: levelOf(event.target.value) })} error={errors.level_max} />
        </div>
      )}
      <Checkbox label="Attiva: gli slot liberi sono offerti ai soci" checked={rule.active} onChange={(event) => set({ active: event.target.checked })} />
      {message && <Alert tone="error">{message}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={saving} loadingText="Salvataggio...">
          Salva la regola
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Annulla
          </Button>
        )}
      </div>
    </form>
  );
}
