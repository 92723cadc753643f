// Edit one court's details (docs/domain.md#courts): name, code, row, position, purpose, lights, bookable, description.
import { COURT_PURPOSE_INFO, COURT_PURPOSES, COURT_ROWS, ZCourtEditBody, type TCourt, type TCourtEditBody } from '@beach/contracts';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { useUpdateCourt } from '../api/admin-courts';

const ROW_OPTIONS = [{ value: '' as const, label: 'Nessuna (libera utenza)' }, ...COURT_ROWS.map((row) => ({ value: row, label: `Fila ${row}` }))];
const PURPOSE_OPTIONS = COURT_PURPOSES.map((purpose) => ({ value: purpose, label: COURT_PURPOSE_INFO[purpose].label }));

const formOf = (court: TCourt): TCourtEditBody => ({ ...court, description: court.description ?? '' });

/** Mounted while open. */
export function CourtEditModal({ court, onClose, onSaved }: { court: TCourt; onClose: () => void; onSaved: (message: string) => void }) {
  const update = useUpdateCourt();
  const { field, register, submit, failure } = useZodForm({
    schema: ZCourtEditBody,
    defaultValues: formOf(court),
    messages: { failed: 'Si è verificato un errore nel salvataggio del campo. Riprova più tardi.' },
  });
  const send = async (body: TCourtEditBody) => {
    const saved = await update.mutateAsync({ id: court.id, body });
    onClose();
    onSaved(`Campo ${saved.code} salvato.`);
  };

  return (
    <FormModal title={`Modifica campo ${court.code}`} onClose={onClose} formId="court-edit-form" saving={update.isPending}>
      <form id="court-edit-form" onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Nome" required {...field('name')} />
        <Input label="Codice" required {...field('code')} />
        {/* No row is null in the contract, '' in the select. */}
        <Select label="Fila" options={ROW_OPTIONS} {...field('row', { setValueAs: (value: string | null) => value || null })} />
        <Input label="Posizione" type="number" min={0} max={99} required {...field('position')} />
        <div className="sm:col-span-2">
          <Select label="Destinazione" options={PURPOSE_OPTIONS} {...field('purpose')} />
        </div>
        <Checkbox label="Illuminato (prenotabile la sera)" {...register('has_lights')} />
        <Checkbox label="Prenotabile online dai tesserati" {...register('is_bookable')} />
        <div className="sm:col-span-2">
          <Input label="Descrizione" maxLength={255} {...field('description')} />
        </div>
        <FormAlert failure={failure} className="sm:col-span-2" />
      </form>
    </FormModal>
  );
}
