// Paying what an enrolment asks now (its `pay_now`): a pending one's first instalment, which confirms it,
// or a confirmed one's next instalment ("Paga ora") — by card (Stripe's page) or with the member's credit.
import type { TEnrolment } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { formatDate, formatMoney } from '../../../lib/format';
import { useActionOutcome } from '../../../lib/use-action-outcome';
import { useCreditCovers } from '../../credit';
import { usePayEnrolmentByCard, usePayEnrolmentWithCredit } from '../api/enrolments';

export function PayEnrolment({ enrolment, notice }: { enrolment: TEnrolment; notice?: string }) {
  const { t } = useLingui();
  const byCard = usePayEnrolmentByCard();
  const withCredit = usePayEnrolmentWithCredit();
  const { outcome, run } = useActionOutcome(notice, t`Non è stato possibile completare il pagamento. Riprova più tardi.`);
  const payNow = enrolment.pay_now;
  const pending = enrolment.status === 'pending_payment';
  const amount = payNow ? formatMoney(payNow.amount) : '';
  const due = enrolment.instalments.find((row) => row.seq === payNow?.seq);
  const day = due ? formatDate(due.due_on) : '';
  const what = payNow && { id: enrolment.id, seq: payNow.seq };
  // Hidden once paid with credit, until the enrolment read again asks for a further instalment.
  const justPaid = withCredit.isSuccess && withCredit.variables.seq === payNow?.seq;
  const creditCovers = useCreditCovers(payNow?.amount);
  return (
    <div className="space-y-3">
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {what && !justPaid && (
        <>
          <p className="text-sm text-slate-700">{pending ? <Trans>Da pagare ora: {amount}</Trans> : <Trans>Prossima rata: {amount}, entro il {day}</Trans>}</p>
          <div className="flex flex-wrap gap-2">
            {/* Still leaving for Stripe's page once answered: a second tap would open a second checkout. */}
            <Button size="sm" loading={byCard.isPending || byCard.isSuccess} loadingText={t`Apertura del pagamento...`} onClick={() => void run(async () => void (await byCard.mutateAsync(what)))}>
              {pending ? <Trans>Paga con la carta</Trans> : <Trans>Paga ora con la carta</Trans>}
            </Button>
            {creditCovers && (
              <Button size="sm" variant="secondary" loading={withCredit.isPending} loadingText={t`Pagamento...`} onClick={() => void run(async () => (await withCredit.mutateAsync(what)).message)}>
                {pending ? <Trans>Paga con il credito</Trans> : <Trans>Paga ora con il credito</Trans>}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
