// The credit part of /profilo: the member's balance, their movements and an online top-up between the
// centre's minimum and maximum (paid on Stripe Checkout, credited when Stripe confirms it).
import { ZCreditTopUpBody, type TCreditTopUpBody } from '@beach/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { applyApiError } from '../../../lib/forms';
import { useMyCredit, useTopUpCredit } from '../api/credit';
import { CreditMovements } from './credit-movements';

export function CreditSection() {
  const [page, setPage] = useState(1);
  const credit = useMyCredit(page);
  const statement = credit.data;
  return (
    <section aria-labelledby="credit-title" className="space-y-4 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="credit-title" className="text-lg font-semibold">Il mio credito</h2>
        {statement && <p className="text-2xl font-bold text-sea-900" data-testid="credit-balance">{formatMoney(statement.balance)}</p>}
      </div>
      {credit.isPending && <Spinner label="Caricamento del credito..." />}
      {credit.isError && <Alert tone="error">Non è stato possibile leggere il credito. Riprova più tardi.</Alert>}
      {statement && (
        <>
          <TopUpForm min={statement.top_up_min} max={statement.top_up_max} />
          <CreditMovements statement={statement} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

// The forms check amounts with the contract but send them as typed ({ raw: true }): the server turns
// euros into cents itself, so cents sent from here would be read as euros.
function TopUpForm({ min, max }: { min: string; max: string }) {
  const topUp = useTopUpCredit();
  const [formError, setFormError] = useState('');
  const { register, handleSubmit, setError, formState } = useForm<TCreditTopUpBody>({ resolver: zodResolver(ZCreditTopUpBody, undefined, { raw: true }), defaultValues: { amount: '' } });
  const onSubmit = handleSubmit(async (body) => {
    setFormError('');
    try {
      await topUp.mutateAsync(body);
    } catch (error) {
      setFormError(applyApiError(error, setError, ['amount']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <Input label="Importo (€)" inputMode="decimal" placeholder="0,00" autoComplete="off" hint={`Da ${formatMoney(min)} a ${formatMoney(max)}`} error={formState.errors.amount?.message} {...register('amount')} />
        </div>
        <Button type="submit" loading={formState.isSubmitting || topUp.isSuccess} loadingText="Apertura del pagamento...">Ricarica con carta</Button>
      </div>
    </form>
  );
}
