// The month the association's financial year starts in (docs/annual-accounts.md#the-financial-year): January
// unless the statute says otherwise (a season from September, say).
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { useSaveStartMonth } from '../api/annual-accounts';

const MONTHS = ['Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno', 'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre'];

export function FinancialYearForm({ startMonth, onSaved }: { startMonth: number; onSaved: (message: string) => void }) {
  const save = useSaveStartMonth();
  const [month, setMonth] = useState(String(startMonth));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Number(month), { onSuccess: () => onSaved(`L’esercizio ora comincia a ${MONTHS[Number(month) - 1]!.toLowerCase()}.`) });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Inizio dell’esercizio" className="flex flex-wrap items-end gap-2">
      <Select label="L’esercizio comincia a" value={month} options={MONTHS.map((label, index) => ({ value: String(index + 1), label }))} onValueChange={setMonth} error={save.error instanceof Error ? save.error.message : undefined} />
      <Button type="submit" variant="secondary" disabled={month === String(startMonth)} loading={save.isPending}>
        Salva
      </Button>
    </form>
  );
}
