// The desk's view of a member's credit (the member's page in /admin/users): balance (with what is set
// aside, what is refundable and what the member owes the centre) and movements, a top-up paid at the desk
// (cash, POS, bank transfer), a correction with its reason (above the admin's limit, or on one's own
// credit, the server refuses staff with a 403 and says why: the form shows it) and "Rimborsa il credito"
// (to the card of the online top-ups or in cash; empty amount: all that can be refunded that way); what the
// member owes the centre, collected whole with "Incassa" (cash, POS or from paid-in credit; on one's own
// account the server refuses staff with a 403 and the form shows it); and the card refunds Stripe did not
// make paid out (in cash or into credit) when no open dispute holds them.
import { CREDIT_REFUND_METHODS, DEBT_SETTLE_METHODS, DESK_TOP_UP_METHODS, moneyToCents, type TCreditStatement, ZCreditAdjustmentBody, ZCreditRefundBody, ZDebtSettleBody, ZDeskTopUpBody, ZRefundDueBody } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { useAdjustCredit, useDeskTopUp, useMemberCredit, usePayRefundDue, useRefundCredit, useSettleDebt } from '../api/credit';
import { CREDIT_REFUND_METHOD_LABELS, DEBT_SETTLE_METHOD_LABELS, DESK_TOP_UP_METHOD_LABELS } from '../labels';
import { CreditMovements } from './credit-movements';
import { CreditBreakdown, CreditOwed, CreditRefundDue } from './credit-summary';
import { typedCents, useLargeAmountConfirmation } from './large-amount';

// Amounts are sent as typed ({ raw: true }): the server turns euros into cents itself.
type Notice = { tone: 'success' | 'error'; text: string } | null;

export function MemberCredit({ userId }: { userId: number }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const credit = useMemberCredit(userId, page);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <DetailSection title={t`Credito`} items={credit.data ? [{ label: t`Saldo`, value: formatMoney(credit.data.balance) }] : undefined}>
      <div className="mt-2 space-y-3">
        {credit.isPending && <Spinner label={t`Caricamento del credito...`} />}
        {credit.isError && <Alert tone="error">
            <Trans>Non è stato possibile leggere il credito.</Trans>
          </Alert>}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {credit.data && (
          <>
            <CreditBreakdown statement={credit.data} />
            <CreditOwed owed={credit.data.owed} audience="staff" action={<SettleDebtForm userId={userId} onDone={setNotice} />} />
            <CreditRefundDue statement={credit.data} audience="staff" action={<RefundDueForm userId={userId} statement={credit.data} onDone={setNotice} />} />
            <DeskTopUpForm userId={userId} statement={credit.data} onDone={setNotice} />
            <AdjustmentForm userId={userId} onDone={setNotice} />
            <RefundForm userId={userId} statement={credit.data} onDone={setNotice} />
            <CreditMovements statement={credit.data} onPageChange={setPage} />
          </>
        )}
      </div>
    </DetailSection>
  );
}

function DeskTopUpForm({ userId, statement, onDone }: { userId: number; statement: Pick<TCreditStatement, 'confirm_above'>; onDone: (notice: Notice) => void }) {
  const { i18n, t } = useLingui();
  const topUp = useDeskTopUp(userId);
  const large = useLargeAmountConfirmation(statement.confirm_above);
  const { field, submit, failure, reset, formState } = useZodForm({ schema: ZDeskTopUpBody, defaultValues: { amount: '', method: 'cash' } });
  const onSubmit = submit(async (body) => {
    const confirmed = await large.confirmed('top-up', typedCents(body.amount));
    if (confirmed === null) return;
    onDone(null);
    onDone({ tone: 'success', text: (await topUp.mutateAsync({ ...body, confirmed })).message });
    reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Ricarica in segreteria`} className="flex flex-wrap items-end gap-3">
      {large.dialog}
      <FormAlert failure={failure} className="w-full" />
      <div className="w-32"><Input label={t`Ricarica (€)`} inputMode="decimal" placeholder="0,00" autoComplete="off" {...field('amount')} /></div>
      <div className="w-40"><Select label={t`Pagata con`} options={DESK_TOP_UP_METHODS.map((method) => ({ value: method, label: i18n._(DESK_TOP_UP_METHOD_LABELS[method]) }))} {...field('method')} /></div>
      <Button type="submit" size="sm" loading={formState.isSubmitting} loadingText={t`Registrazione...`}>
        <Trans context="button: top up the credit">Ricarica</Trans>
      </Button>
    </form>
  );
}

function SettleDebtForm({ userId, onDone }: { userId: number; onDone: (notice: Notice) => void }) {
  const { i18n, t } = useLingui();
  const settle = useSettleDebt(userId);
  const { field, submit, failure, formState } = useZodForm({ schema: ZDebtSettleBody, defaultValues: { method: 'cash' } });
  const onSubmit = submit(async (body) => {
    onDone(null);
    onDone({ tone: 'success', text: (await settle.mutateAsync(body)).message });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Incassa quanto dovuto`} className="flex flex-wrap items-end gap-3">
      <FormAlert failure={failure} className="w-full" />
      <div className="w-40"><Select label={t`Saldato con`} options={DEBT_SETTLE_METHODS.map((method) => ({ value: method, label: i18n._(DEBT_SETTLE_METHOD_LABELS[method]) }))} {...field('method')} /></div>
      <Button type="submit" size="sm" loading={formState.isSubmitting} loadingText={t`Registrazione...`}>
        <Trans>Incassa</Trans>
      </Button>
    </form>
  );
}

function AdjustmentForm({ userId, onDone }: { userId: number; onDone: (notice: Notice) => void }) {
  const { t } = useLingui();
  const adjust = useAdjustCredit(userId);
  const { field, submit, failure, reset, formState } = useZodForm({ schema: ZCreditAdjustmentBody, defaultValues: { amount: '', reason: '' } });
  const onSubmit = submit(async (body) => {
    onDone(null);
    onDone({ tone: 'success', text: (await adjust.mutateAsync(body)).message });
    reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Rettifica del credito`} className="flex flex-wrap items-end gap-3">
      <FormAlert failure={failure} className="w-full" />
      <div className="w-32"><Input label={t`Rettifica (€)`} inputMode="decimal" placeholder="-5,00" autoComplete="off" hint={t`Negativa per togliere`} {...field('amount')} /></div>
      <div className="min-w-48 flex-1"><Input label={t`Motivo`} autoComplete="off" {...field('reason')} /></div>
      <Button type="submit" size="sm" variant="secondary" loading={formState.isSubmitting} loadingText={t`Registrazione...`}>
        <Trans>Rettifica</Trans>
      </Button>
    </form>
  );
}

function RefundForm({ userId, statement, onDone }: { userId: number; statement: Pick<TCreditStatement, 'confirm_above' | 'refundable'>; onDone: (notice: Notice) => void }) {
  const { i18n, t } = useLingui();
  const refund = useRefundCredit(userId);
  const large = useLargeAmountConfirmation(statement.confirm_above);
  const { field, submit, failure, reset, formState } = useZodForm({ schema: ZCreditRefundBody, defaultValues: { amount: '', method: 'card' } });
  const onSubmit = submit(async (body) => {
    // Left empty, the amount is all that can go back that way: at most what is refundable.
    const confirmed = body.amount ? await large.confirmed('refund', typedCents(body.amount)) : await large.confirmed('refund-all', moneyToCents(statement.refundable));
    if (confirmed === null) return;
    onDone(null);
    onDone({ tone: 'success', text: (await refund.mutateAsync({ ...body, confirmed })).message });
    reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Rimborsa il credito`} className="flex flex-wrap items-end gap-3">
      {large.dialog}
      <FormAlert failure={failure} className="w-full" />
      <div className="w-32"><Input label={t`Rimborso (€)`} inputMode="decimal" placeholder={t`Tutto`} autoComplete="off" hint={t`Vuoto: tutto il rimborsabile`} {...field('amount')} /></div>
      <div className="w-40"><Select label={t`Rimborsa`} options={CREDIT_REFUND_METHODS.map((method) => ({ value: method, label: i18n._(CREDIT_REFUND_METHOD_LABELS[method]) }))} {...field('method')} /></div>
      <Button type="submit" size="sm" variant="secondary" loading={formState.isSubmitting} loadingText={t`Rimborso...`}>
        <Trans>Rimborsa il credito</Trans>
      </Button>
    </form>
  );
}

function RefundDueForm({ userId, statement, onDone }: { userId: number; statement: Pick<TCreditStatement, 'refund_due' | 'refund_due_held'>; onDone: (notice: Notice) => void }) {
  const { t } = useLingui();
  const pay = usePayRefundDue(userId);
  const { field, submit, failure, formState } = useZodForm({ schema: ZRefundDueBody, defaultValues: { method: 'cash' } });
  if (moneyToCents(statement.refund_due) - moneyToCents(statement.refund_due_held) <= 0) return null;
  const onSubmit = submit(async (body) => {
    onDone(null);
    onDone({ tone: 'success', text: (await pay.mutateAsync(body)).message });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Restituisci il rimborso non riuscito`} className="flex flex-wrap items-end gap-3">
      <FormAlert failure={failure} className="w-full" />
      <div className="w-40"><Select label={t`Restituisci`} options={[{ value: 'cash', label: t`In contanti` }, { value: 'credit', label: t`Nel credito` }]} {...field('method')} /></div>
      <Button type="submit" size="sm" variant="secondary" loading={formState.isSubmitting} loadingText={t`Registrazione...`}>
        <Trans>Restituisci il rimborso</Trans>
      </Button>
    </form>
  );
}
