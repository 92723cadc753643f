// Paying a pending enrolment: by card (Stripe's page) or with the member's credit when it covers it.
import type { TEnrolment } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-transport';
import { formatMoney } from '../../../lib/format';
import { usePayEnrolmentByCard, usePayEnrolmentWithCredit } from '../api/enrolments';

export function PayEnrolment({ enrolment, notice }: { enrolment: TEnrolment; notice?: string }) {
  const { t } = useLingui();
  const byCard = usePayEnrolmentByCard();
  const withCredit = usePayEnrolmentWithCredit();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(notice ? { tone: 'success', text: notice } : null);
  const run = async (action: () => Promise<string | undefined>) => {
    setOutcome(null);
    try {
      const message = await action();
      if (message) setOutcome({ tone: 'success', text: message });
    } catch (failure) {
      setOutcome({ tone: 'error', text: failure instanceof ApiError ? failure.message : t`Non è stato possibile completare il pagamento. Riprova più tardi.` });
    }
  };
  const owed = formatMoney(enrolment.owed);
  return (
    <div className="space-y-3">
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {!withCredit.isSuccess && (
        <>
          <p className="text-sm text-slate-700"><Trans>Da pagare: {owed}</Trans></p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" loading={byCard.isPending} loadingText={t`Apertura del pagamento...`} onClick={() => void run(async () => void (await byCard.mutateAsync(enrolment.id)))}>
              <Trans>Paga con la carta</Trans>
            </Button>
            <Button size="sm" variant="secondary" loading={withCredit.isPending} loadingText={t`Pagamento...`} onClick={() => void run(async () => (await withCredit.mutateAsync(enrolment.id)).message)}>
              <Trans>Paga con il credito</Trans>
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
