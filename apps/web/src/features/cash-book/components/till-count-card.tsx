// "Conteggio di cassa" on the dashboard (docs/annual-accounts.md#the-cash-book): the ledger's cash till now,
// the cash counted at closing typed in, and today's counts with their difference (posted to the ledger).
import { moneyToCents, type TTillCount, ZTillCountBody } from '@beach/contracts';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Loaded } from '../../../components/ui/loaded';
import { SignedAmount } from '../../../components/ui/signed-amount';
import { formatMoney, formatTime } from '../../../lib/format';
import { useCountTill, useTillDay } from '../api/cash-book';

const COLUMNS: DataColumn<TTillCount>[] = [
  { key: 'time', header: 'Ora', cell: (row) => formatTime(row.counted_at) },
  { key: 'counted', header: 'Contati', cell: (row) => formatMoney(row.counted) },
  { key: 'ledger', header: 'Nel registro', cell: (row) => formatMoney(row.ledger) },
  { key: 'difference', header: 'Differenza', cell: (row) => <SignedAmount cents={moneyToCents(row.difference)} /> },
  { key: 'note', header: 'Nota', cell: (row) => row.note ?? '—' },
  { key: 'by', header: 'Fatto da', cell: (row) => row.by },
];

function CountForm() {
  const count = useCountTill();
  const { field, submit, failure, reset } = useZodForm({ schema: ZTillCountBody, defaultValues: { counted: '', note: '' }, messages: { prefix: 'Errore: ' } });
  const onSubmit = submit(async (values) => {
    await count.mutateAsync(values);
    reset();
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Conteggio dei contanti" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
      <Input label="Contanti contati (€)" inputMode="decimal" autoComplete="off" {...field('counted')} />
      <Input label="Nota (facoltativa)" autoComplete="off" {...field('note')} />
      <Button type="submit" loading={count.isPending} loadingText="Registrazione…">
        Registra conteggio
      </Button>
      <FormAlert failure={failure} className="sm:col-span-3" />
      {count.data && <p role="status" className="text-sm text-slate-700 sm:col-span-3">{count.data.message}</p>}
    </form>
  );
}

export function TillCountCard() {
  const day = useTillDay();
  return (
    <section aria-labelledby="till-count-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="till-count-title" className="text-lg font-semibold text-slate-800">Conteggio di cassa</h2>
      <Loaded read={day} failed="Impossibile caricare la cassa.">
        {(till) => (
          <>
            <p className="text-sm text-slate-700">
              Contanti nel registro: <strong className="tabular-nums">{formatMoney(till.till_balance)}</strong>. Alla chiusura conta i contanti: la differenza viene registrata.
            </p>
            <CountForm />
            {till.counts.length === 0 ? (
              <p className="text-sm text-slate-600">Nessun conteggio oggi</p>
            ) : (
              <DataTable caption="Conteggi di oggi" columns={COLUMNS} rows={till.counts} rowKey={(row) => row.id} />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
