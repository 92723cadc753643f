// New or edited setup (design §7): name, sport, net height, court size, equipment, notes.
import { SPORT_LABELS, SPORTS, type TSetup, type TSetupBody } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { formFailure, type FormFailure } from '../../../components/admin/form-failure';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useSaveSetup } from '../api/admin-setups';

type Form = { name: string; sport: TSetupBody['sport']; net_height_cm: string; length_m: string; width_m: string; equipment: string; notes: string };
const EMPTY: Form = { name: '', sport: 'beach_volley', net_height_cm: '', length_m: '16', width_m: '8', equipment: '', notes: '' };
const formOf = (setup: TSetup): Form => ({
  ...setup,
  net_height_cm: String(setup.net_height_cm),
  length_m: String(setup.length_m).replace('.', ','),
  width_m: String(setup.width_m).replace('.', ','),
  equipment: setup.equipment ?? '',
  notes: setup.notes ?? '',
});
const SPORT_OPTIONS = SPORTS.map((sport) => ({ value: sport, label: SPORT_LABELS[sport] }));

/** Mounted while open; `setup` null: a new one. */
export function SetupFormModal({ setup, onClose, onSaved }: { setup: TSetup | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<Form>(() => (setup ? formOf(setup) : EMPTY));
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const save = useSaveSetup();
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await save.mutateAsync({ id: setup?.id ?? null, body: form });
      onClose();
      onSaved(`Allestimento "${saved.name}" salvato.`);
    } catch (error) {
      setFailure(formFailure(error, 'Si è verificato un errore nel salvataggio dell’allestimento. Riprova più tardi.'));
    }
  }
  const errors = failure?.fields ?? {};
  return (
    <Modal
      open
      title={setup ? `Modifica ${setup.name}` : 'Nuovo allestimento'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Annulla</Button>
          <Button type="submit" form="setup-form" loading={save.isPending} loadingText="Salvataggio...">Salva</Button>
        </>
      }
    >
      <form id="setup-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Nome" required maxLength={100} value={form.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} />
        <Select label="Sport" value={form.sport} options={SPORT_OPTIONS} onChange={(e) => set({ sport: e.target.value as Form['sport'] })} error={errors.sport} />
        <Input label="Altezza rete (cm)" type="number" min={50} max={400} required value={form.net_height_cm} onChange={(e) => set({ net_height_cm: e.target.value })} error={errors.net_height_cm} />
        <div className="grid grid-cols-2 gap-2">
          <Input label="Lunghezza (m)" inputMode="decimal" required value={form.length_m} onChange={(e) => set({ length_m: e.target.value })} error={errors.length_m} />
          <Input label="Larghezza (m)" inputMode="decimal" required value={form.width_m} onChange={(e) => set({ width_m: e.target.value })} error={errors.width_m} />
        </div>
        <div className="sm:col-span-2">
          <Input label="Attrezzatura" maxLength={255} value={form.equipment} onChange={(e) => set({ equipment: e.target.value })} error={errors.equipment} />
        </div>
        <div className="sm:col-span-2">
          <Textarea label="Note" rows={2} maxLength={1000} value={form.notes} onChange={(e) => set({ notes: e.target.value })} error={errors.notes} />
        </div>
        {failure && <div className="sm:col-span-2"><Alert tone="error">{failure.message}</Alert></div>}
      </form>
    </Modal>
  );
}
