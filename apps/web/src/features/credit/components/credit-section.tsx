// The credit part of /profilo: the member's balance (with what is set aside, what is refundable and what
// they owe the centre, with "Paga": Stripe Checkout for the whole debt), their movements and an online top-up between the centre's minimum and maximum
// (paid on Stripe Checkout, credited when Stripe confirms it), and the receipts of the top-ups and their refunds.
import { ZCreditTopUpBody } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { formatMoney } from '../../../lib/format';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-transport';
import { Alert } from '../../../components/ui/alert';
import { useMyCredit, usePayDebt, useTopUpCredit } from '../api/credit';
import { MyReceiptList } from '../../../components/receipt-links';
import { PayByTransfer } from '../../bank-transfer';
import { CreditMovements } from './credit-movements';
import { CreditBreakdown, CreditOwed, CreditRefundDue } from './credit-summary';

export function CreditSection() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const credit = useMyCredit(page);
  const statement = credit.data;
  return (
    <CardSection titleId="credit-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="credit-title" className="text-lg font-semibold">
          <Trans>Il mio credito</Trans>
        </h2>
        {statement && <p className="text-2xl font-bold text-sea-900" data-testid="credit-balance">{formatMoney(statement.balance)}</p>}
      </div>
      <ReadState read={credit} loading={t`Caricamento del credito...`} failed={t`Non è stato possibile leggere il credito. Riprova più tardi.`} />
      {statement && (
        <>
          <CreditBreakdown statement={statement} />
          <CreditOwed owed={statement.owed} audience="member" action={<PayDebt />} />
          <CreditRefundDue statement={statement} audience="member" />
          <TopUpForm min={statement.top_up_min} max={statement.top_up_max} />
          <CreditMovements statement={statement} onPageChange={setPage} />
          <MyReceiptList title={t`Ricevute delle ricariche`} which={(receipt) => receipt.for === 'credit'} />
        </>
      )}
    </CardSection>
  );
}

/** "Paga": what the member owes, by card on Stripe's page (the webhook settles it; they come back to /pagamento-completato). */
function PayDebt() {
  const { t } = useLingui();
  const pay = usePayDebt();
  const failure = pay.error instanceof ApiError ? pay.error.message : pay.error ? t`Non è stato possibile aprire il pagamento. Riprova più tardi.` : '';
  return (
    <div className="space-y-2">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button size="sm" onClick={() => pay.mutate()} loading={pay.isPending || pay.isSuccess} loadingText={t`Apertura del pagamento...`}>
        <Trans context="button: pay what is owed to the centre">Paga</Trans>
      </Button>
      <PayByTransfer owed={{ kind: 'debt' }} />
    </div>
  );
}

// Amounts are sent as typed (useZodForm's default): the server turns euros into cents itself.
function TopUpForm({ min, max }: { min: string; max: string }) {
  const { t } = useLingui();
  const topUp = useTopUpCredit();
  const { field, submit, failure, formState } = useZodForm({ schema: ZCreditTopUpBody, defaultValues: { amount: '' } });
  const onSubmit = submit((body) => topUp.mutateAsync(body));
  const [from, to] = [formatMoney(min), formatMoney(max)];
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormAlert failure={failure} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <Input label={t`Importo (€)`} inputMode="decimal" placeholder="0,00" autoComplete="off" hint={t`Da ${from} a ${to}`} {...field('amount')} />
        </div>
        <Button type="submit" loading={formState.isSubmitting || topUp.isSuccess} loadingText={t`Apertura del pagamento...`}>
          <Trans>Ricarica con carta</Trans>
        </Button>
      </div>
    </form>
  );
}
