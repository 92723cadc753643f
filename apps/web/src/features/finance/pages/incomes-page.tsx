// /admin/incassi: extra income beyond memberships and bookings (sponsors, bar, tournaments).
// Admins only (can_view_transactions).
import { useDeleteIncome, useIncomes, useSaveIncome } from '../api/finance';
import { LedgerScreen } from '../components/ledger-screen';
import { FINANCE_MESSAGES } from '../messages';

export default function IncomesPage() {
  const save = useSaveIncome();
  const remove = useDeleteIncome();
  return (
    <LedgerScreen
      title="Incassi"
      subtitle="Incassi extra oltre a tessere e prenotazioni: sponsor, bar, tornei, affitto spazi"
      noun={{ one: 'incasso', many: 'incassi', create: 'Nuovo incasso', none: 'Nessun incasso trovato.' }}
      totalLabel="Totale incassi"
      loadFailed={FINANCE_MESSAGES.incomesLoadFailed}
      withSupplier={false}
      useList={useIncomes}
      save={{ run: (id, { supplier: _supplier, ...body }) => save.mutateAsync({ id, body }), pending: save.isPending }}
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}
