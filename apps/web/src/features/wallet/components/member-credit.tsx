// The desk's view of a member's credit (the member's page in /admin/users): balance and movements, a
// top-up paid at the desk (cash, POS, bank transfer) and a correction with its reason.
import { DESK_TOP_UP_METHOD_LABELS, DESK_TOP_UP_METHODS, ZCreditAdjustmentBody, ZDeskTopUpBody, type TCreditAdjustmentBody, type TDeskTopUpBody } from '@beach/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { applyApiError } from '../../../lib/forms';
import { useAdjustCredit, useDeskTopUp, useMemberCredit } from '../api/credit';
import { CreditMovements } from './credit-movements';

// Amounts are sent as typed ({ raw: true }): the server turns euros into cents itself.
type Notice = { tone: 'success' | 'error'; text: string } | null;

export function MemberCredit({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const credit = useMemberCredit(userId, page);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <DetailSection title="Credito" items={credit.data ? [{ label: 'Saldo', value: formatMoney(credit.data.balance) }] : undefined}>
      <div className="mt-2 space-y-3">
        {credit.isPending && <Spinner label="Caricamento del credito..." />}
        {credit.isError && <Alert tone="error">Non è stato possibile leggere il credito.</Alert>}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {credit.data && (
          <>
            <DeskTopUpForm userId={userId} onDone={setNotice} />
            <AdjustmentForm userId={userId} onDone={setNotice} />
            <CreditMovements statement={credit.data} onPageChange={setPage} />
          </>
        )}
      </div>
    </DetailSection>
  );
}

function DeskTopUpForm({ userId, onDone }: { userId: number; onDone: (notice: Notice) => void }) {
  const topUp = useDeskTopUp(userId);
  const { register, handleSubmit, setError, reset, formState } = useForm<TDeskTopUpBody>({ resolver: zodResolver(ZDeskTopUpBody, undefined, { raw: true }), defaultValues: { amount: '', method: 'cash' } });
  const onSubmit = handleSubmit(async (body) => {
    onDone(null);
    try {
      onDone({ tone: 'success', text: (await topUp.mutateAsync(body)).message });
      reset();
    } catch (error) {
      const message = applyApiError(error, setError, ['amount', 'method']);
      if (message) onDone({ tone: 'error', text: message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Ricarica in segreteria" className="flex flex-wrap items-end gap-3">
      <div className="w-32"><Input label="Ricarica (€)" inputMode="decimal" placeholder="0,00" autoComplete="off" error={formState.errors.amount?.message} {...register('amount')} /></div>
      <div className="w-40"><Select label="Pagata con" options={DESK_TOP_UP_METHODS.map((method) => ({ value: method, label: DESK_TOP_UP_METHOD_LABELS[method] }))} error={formState.errors.method?.message} {...register('method')} /></div>
      <Button type="submit" size="sm" loading={formState.isSubmitting} loadingText="Registrazione...">Ricarica</Button>
    </form>
  );
}

function AdjustmentForm({ userId, onDone }: { userId: number; onDone: (notice: Notice) => void }) {
  const adjust = useAdjustCredit(userId);
  const { register, handleSubmit, setError, reset, formState } = useForm<TCreditAdjustmentBody>({ resolver: zodResolver(ZCreditAdjustmentBody, undefined, { raw: true }), defaultValues: { amount: '', reason: '' } });
  const onSubmit = handleSubmit(async (body) => {
    onDone(null);
    try {
      onDone({ tone: 'success', text: (await adjust.mutateAsync(body)).message });
      reset();
    } catch (error) {
      const message = applyApiError(error, setError, ['amount', 'reason']);
      if (message) onDone({ tone: 'error', text: message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Rettifica del credito" className="flex flex-wrap items-end gap-3">
      <div className="w-32"><Input label="Rettifica (€)" inputMode="decimal" placeholder="-5,00" autoComplete="off" hint="Negativa per togliere" error={formState.errors.amount?.message} {...register('amount')} /></div>
      <div className="min-w-48 flex-1"><Input label="Motivo" autoComplete="off" error={formState.errors.reason?.message} {...register('reason')} /></div>
      <Button type="submit" size="sm" variant="secondary" loading={formState.isSubmitting} loadingText="Registrazione...">Rettifica</Button>
    </form>
  );
}
