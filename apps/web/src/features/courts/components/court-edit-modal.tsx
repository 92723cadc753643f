// Edit one court's details (design §7): name, code, row, position, purpose, lights, bookable, description.
import { COURT_PURPOSE_INFO, COURT_PURPOSES, COURT_ROWS, type TCourt, type TCourtEditBody } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { formFailure, type FormFailure } from '../../../components/admin/form-failure';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useUpdateCourt } from '../api/admin-courts';

const ROW_OPTIONS = [{ value: '', label: 'Nessuna (libera utenza)' }, ...COURT_ROWS.map((row) => ({ value: row, label: `Fila ${row}` }))];
const PURPOSE_OPTIONS = COURT_PURPOSES.map((purpose) => ({ value: purpose, label: COURT_PURPOSE_INFO[purpose].label }));

const formOf = (court: TCourt): TCourtEditBody => ({ ...court, description: court.description ?? '' });

/** Mounted while open. */
export function CourtEditModal({ court, onClose, onSaved }: { court: TCourt; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<TCourtEditBody>(() => formOf(court));
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const update = useUpdateCourt();
  const set = (patch: Partial<TCourtEditBody>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await update.mutateAsync({ id: court.id, body: form });
      onClose();
      onSaved(`Campo ${saved.code} salvato.`);
    } catch (error) {
      setFailure(formFailure(error, 'Si è verificato un errore nel salvataggio del campo. Riprova più tardi.'));
    }
  }

  const errors = failure?.fields ?? {};
  return (
    <Modal
      open
      title={`Modifica campo ${court.code}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Annulla</Button>
          <Button type="submit" form="court-edit-form" loading={update.isPending} loadingText="Salvataggio...">Salva</Button>
        </>
      }
    >
      <form id="court-edit-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Input label="Nome" required value={form.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} />
          <Input label="Codice" required value={form.code} onChange={(e) => set({ code: e.target.value })} error={errors.code} />
          <Select label="Fila" value={form.row ?? ''} options={ROW_OPTIONS} onChange={(e) => set({ row: (e.target.value || null) as TCourtEditBody['row'] })} error={errors.row} />
          <Input label="Posizione" type="number" min={0} max={99} required value={String(form.position)} onChange={(e) => set({ position: e.target.value as unknown as number })} error={errors.position} />
          <div className="sm:col-span-2">
            <Select label="Destinazione" value={form.purpose} options={PURPOSE_OPTIONS} onChange={(e) => set({ purpose: e.target.value as TCourtEditBody['purpose'] })} error={errors.purpose} />
          </div>
          <Checkbox label="Illuminato (prenotabile la sera)" checked={form.has_lights} onChange={(e) => set({ has_lights: e.target.checked })} />
          <Checkbox label="Prenotabile online dai tesserati" checked={form.is_bookable} onChange={(e) => set({ is_bookable: e.target.checked })} />
          <div className="sm:col-span-2">
            <Input label="Descrizione" value={form.description ?? ''} maxLength={255} onChange={(e) => set({ description: e.target.value })} error={errors.description} />
          </div>
          {failure && <div className="sm:col-span-2"><Alert tone="error">{failure.message}</Alert></div>}
        </form>
    </Modal>
  );
}
