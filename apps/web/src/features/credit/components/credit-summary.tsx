// What a credit statement holds beyond the balance (docs/domain.md#ledger), as the server reads it: what
// is set aside for a payment under way, what can be refunded (money paid in; corrections and rain credit
// can only be spent) and what the member owes the centre. Shown to the member on /profilo and to the desk
// on the member's page; each line only when it is not zero.
import { moneyToCents, type TCreditStatement, type TMoney } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { formatMoney } from '../../../lib/format';

type Amounts = Pick<TCreditStatement, 'balance' | 'reserved' | 'available' | 'refundable' | 'owed'>;
type RefundDue = Pick<TCreditStatement, 'refund_due' | 'refund_due_held'>;

const isSet = (money: TMoney) => moneyToCents(money) !== 0;

/** "di cui riservati X € per un pagamento in corso", "rimborsabili X €": nothing when both are zero. */
export function CreditBreakdown({ statement }: { statement: Amounts }) {
  const { t } = useLingui();
  const reserved = isSet(statement.reserved);
  const refundable = isSet(statement.refundable);
  if (!reserved && !refundable) return null;
  const [held, available, refunded] = [formatMoney(statement.reserved), formatMoney(statement.available), formatMoney(statement.refundable)];
  return (
    <ul className="space-y-0.5 text-sm text-slate-600" aria-label={t`Dettaglio del credito`}>
      {reserved && (
        <li>
          <Trans>
            di cui riservati <strong className="font-semibold text-slate-800">{held}</strong> per un pagamento in corso (disponibili ora {available})
          </Trans>
        </li>
      )}
      {refundable && (
        <li>
          {moneyToCents(statement.refundable) === moneyToCents(statement.balance) ? (
            <Trans>
              rimborsabili <strong className="font-semibold text-slate-800">{refunded}</strong>
            </Trans>
          ) : (
            <Trans>
              rimborsabili <strong className="font-semibold text-slate-800">{refunded}</strong>: il resto (rettifiche, credito per maltempo) si può solo spendere
            </Trans>
          )}
        </li>
      )}
    </ul>
  );
}

/**
 * What the member owes the centre (credit or a carnet spent, then its payment refunded by the bank), as it
 * reads to the member themselves and to the desk, with the way to settle it (`action`: the member's "Paga",
 * the desk's "Incassa"). A standing state shown on every visit: said politely, never as an alert.
 */
export function CreditOwed({ owed, audience, action }: Pick<TCreditStatement, 'owed'> & { audience: 'member' | 'staff'; action?: ReactNode }) {
  const { t } = useLingui();
  if (moneyToCents(owed) <= 0) return null;
  const amount = formatMoney(owed);
  return audience === 'member' ? (
    <Alert tone="warning" standing title={t`Devi ${amount} al centro: pagalo qui con la carta o in segreteria.`} action={action}>
      <Trans>Un pagamento già usato (credito o carnet) è stato poi rimborsato dalla tua banca.</Trans>
    </Alert>
  ) : (
    <Alert tone="warning" standing title={t`Il socio deve ${amount} al centro.`} action={action}>
      <Trans>Un pagamento già usato (credito o carnet) è stato poi rimborsato dalla sua banca: chiedigli di saldarlo.</Trans>
    </Alert>
  );
}

/**
 * Card refunds Stripe did not make (docs/domain.md#refund-payable): the member's money, not part of the
 * balance, paid out at the desk — except what an open dispute of the payment holds until it closes. The
 * desk's payout form (`action`) sits inside the box, like the debt's "Incassa".
 */
export function CreditRefundDue({ statement, audience, action }: { statement: RefundDue; audience: 'member' | 'staff'; action?: ReactNode }) {
  const { t } = useLingui();
  if (moneyToCents(statement.refund_due) <= 0) return null;
  const amount = formatMoney(statement.refund_due);
  const held = isSet(statement.refund_due_held) ? formatMoney(statement.refund_due_held) : null;
  return audience === 'member' ? (
    <Alert tone="info" standing title={t`Hai un rimborso di ${amount} da ricevere.`}>
      <Trans>Il rimborso sulla tua carta non è andato a buon fine: passa in segreteria per riaverlo in contanti o nel credito.</Trans>
      {held && ' '}
      {held && <Trans>Di questi, {held} restano trattenuti finché è aperta la contestazione del pagamento con la tua banca.</Trans>}
    </Alert>
  ) : (
    <Alert tone="info" standing title={t`Rimborso sulla carta non riuscito: ${amount} da restituire al socio.`} action={action}>
      {held ? <Trans>Di questi, {held} sono trattenuti da una contestazione aperta del pagamento: si restituiscono quando si chiude.</Trans> : <Trans>Restituiscilo in contanti o nel credito.</Trans>}
    </Alert>
  );
}
