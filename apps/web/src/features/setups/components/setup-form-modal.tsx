// New or edited setup (docs/domain.md#courts): name, sport, net height, court size, equipment, notes.
import { SPORT_LABELS, SPORTS, ZSetupBody, type TSetup, type TSetupBody } from '@beach/contracts';
import { Input, Select, Textarea } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { useSaveSetup } from '../api/admin-setups';

const EMPTY: TSetupBody = { name: '', sport: 'beach_volley', net_height_cm: '', length_m: '16', width_m: '8', equipment: '', notes: '' };
const formOf = (setup: TSetup): TSetupBody => ({
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
  const save = useSaveSetup();
  const { field, submit, failure } = useZodForm({
    schema: ZSetupBody,
    defaultValues: setup ? formOf(setup) : EMPTY,
    messages: { failed: 'Si è verificato un errore nel salvataggio dell’allestimento. Riprova più tardi.' },
  });
  const send = async (body: TSetupBody) => {
    const saved = await save.mutateAsync({ id: setup?.id ?? null, body });
    onClose();
    onSaved(`Allestimento "${saved.name}" salvato.`);
  };
  return (
    <FormModal title={setup ? `Modifica ${setup.name}` : 'Nuovo allestimento'} onClose={onClose} formId="setup-form" saving={save.isPending}>
      <form id="setup-form" onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Nome" required maxLength={100} {...field('name')} />
        <Select label="Sport" options={SPORT_OPTIONS} {...field('sport')} />
        <Input label="Altezza rete (cm)" type="number" min={50} max={400} required {...field('net_height_cm')} />
        <div className="grid grid-cols-2 gap-2">
          <Input label="Lunghezza (m)" inputMode="decimal" required {...field('length_m')} />
          <Input label="Larghezza (m)" inputMode="decimal" required {...field('width_m')} />
        </div>
        <div className="sm:col-span-2">
          <Input label="Attrezzatura" maxLength={255} {...field('equipment')} />
        </div>
        <div className="sm:col-span-2">
          <Textarea label="Note" rows={2} maxLength={1000} {...field('notes')} />
        </div>
        <FormAlert failure={failure} className="sm:col-span-2" />
      </form>
    </FormModal>
  );
}
