// /admin/spese: the centre's expenses. Admins only (can_view_transactions).
import { useDeleteExpense, useExpenses, useSaveExpense } from '../api/finance';
import { LedgerScreen } from '../components/ledger-screen';
import { FINANCE_MESSAGES } from '../messages';

export default function ExpensesPage() {
  const save = useSaveExpense();
  const remove = useDeleteExpense();
  return (
    <LedgerScreen
      title="Spese"
      subtitle="Le spese del centro: manutenzione, sabbia, utenze, attrezzatura"
      noun={{ one: 'spesa', many: 'spese', create: 'Nuova spesa', none: 'Nessuna spesa trovata.' }}
      totalLabel="Totale spese"
      loadFailed={FINANCE_MESSAGES.expensesLoadFailed}
      withSupplier
      useList={useExpenses}
      save={{ run: (id, body) => save.mutateAsync({ id, body }), pending: save.isPending }}
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}
