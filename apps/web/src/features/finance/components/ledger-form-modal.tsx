// The expense or extra income form (design §8): date, category, description, amount in euros,
// method and, for an expense, the supplier. Categories already used are offered as suggestions.
import { PAYMENT_METHOD_LABELS, type TExpense, type TExpenseBody, type TIncome } from '@beach/contracts';
import { useModalForm } from '../../../components/admin/use-modal-form';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { todayInRome } from '../../../lib/format';
import { FINANCE_MESSAGES } from '../messages';
import { optionsOf } from './filter-options';

type Form = { date: string; category: string; description: string; amount: string; payment_method: string; supplier: string };

const formOf = (row: TIncome | TExpense | null): Form => ({
  date: row?.date ?? todayInRome(),
  category: row?.category ?? '',
  description: row?.description ?? '',
  amount: row ? row.amount.replace('.', ',') : '',
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
  const { field, submit, errorAlert } = useModalForm<Form>({
    open,
    subject: row,
    initial: () => formOf(row),
    required: ['date', 'category', 'description', 'amount'],
    messages: { required: FINANCE_MESSAGES.requiredFields, failed: FINANCE_MESSAGES.saveFailed },
  });
  const formId = 'ledger-form';
  const send = (values: Form) => onSave({ ...values, payment_method: values.payment_method as TExpenseBody['payment_method'], supplier: withSupplier ? values.supplier : undefined });

  return (
    <Modal
      open={open}
      size="lg"
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText="Salvataggio...">
            {row ? 'Salva modifiche' : 'Registra'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
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
        {errorAlert}
      </form>
    </Modal>
  );
}
