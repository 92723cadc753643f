// The expense or extra income form (docs/domain.md#finance): date, category, description, amount in euros,
// method and, for an expense, the supplier. Categories already used are offered as suggestions.
import { PAYMENT_METHOD_LABELS, ZExpenseBody, type TExpense, type TExpenseBody, type TIncome } from '@beach/contracts';
import { Input, Select } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { moneyAsTyped, todayInRome } from '../../../lib/format';
import { FINANCE_MESSAGES } from '../messages';
import { optionsOf } from './filter-options';

const FORM_ID = 'ledger-form';

const formOf = (row: TIncome | TExpense | null): TExpenseBody => ({
  date: row?.date ?? todayInRome(),
  category: row?.category ?? '',
  description: row?.description ?? '',
  amount: row ? moneyAsTyped(row.amount) : '',
  payment_method: row?.payment_method ?? '',
  supplier: row && 'supplier' in row ? (row.supplier ?? '') : '',
});

export function LedgerFormModal({
  open,
  row,
  title,
  withSupplier,
  categories,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  row: TIncome | TExpense | null;
  title: string;
  withSupplier: boolean;
  categories: string[];
  saving: boolean;
  onSave: (body: TExpenseBody) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <FormModal open={open} size="lg" title={title} onClose={onClose} formId={FORM_ID} saving={saving} submitLabel={row ? 'Salva modifiche' : 'Registra'}>
      <LedgerForm key={row?.id ?? 'new'} row={row} withSupplier={withSupplier} categories={categories} onSave={onSave} />
    </FormModal>
  );
}

/** Mounted each time the modal opens, so it starts from the row's data. */
function LedgerForm({ row, withSupplier, categories, onSave }: { row: TIncome | TExpense | null; withSupplier: boolean; categories: string[]; onSave: (body: TExpenseBody) => Promise<void> }) {
  const { field, submit, failure } = useZodForm({
    schema: ZExpenseBody,
    defaultValues: formOf(row),
    messages: { required: FINANCE_MESSAGES.requiredFields, failed: FINANCE_MESSAGES.saveFailed, prefix: 'Errore: ' },
  });
  const send = (values: TExpenseBody) => onSave({ ...values, supplier: withSupplier ? values.supplier : undefined });
  return (
    <form id={FORM_ID} onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
      <Input label="Data" type="date" required {...field('date')} />
      <Input label="Importo (€)" required inputMode="decimal" placeholder="0,00" autoComplete="off" {...field('amount')} />
      <Input label="Categoria" required list="ledger-categories" autoComplete="off" maxLength={100} {...field('category')} />
      <datalist id="ledger-categories">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <Select label="Metodo di pagamento" options={optionsOf(PAYMENT_METHOD_LABELS, 'Non indicato')} {...field('payment_method')} />
      <div className="sm:col-span-2">
        <Input label="Descrizione" required maxLength={500} autoComplete="off" {...field('description')} />
      </div>
      {withSupplier && <Input label="Fornitore" maxLength={200} autoComplete="off" {...field('supplier')} />}
      <FormAlert failure={failure} className="sm:col-span-2" />
    </form>
  );
}
