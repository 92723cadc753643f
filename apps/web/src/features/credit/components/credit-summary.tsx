// What a credit statement holds beyond the balance (docs/domain.md#ledger), as the server reads it: what
// is set aside for a payment under way, what can be refunded (money paid in; corrections and rain credit
// can only be spent) and what the member owes the centre. Shown to the member on /profilo and to the desk
// on the member's page; each line only when it is not zero.
import { moneyToCents, type TCreditStatement, type TMoney } from '@beach/contracts';
import { Alert } from '../../../components/ui/alert';
import { formatMoney } from '../../../lib/format';

type Amounts = Pick<TCreditStatement, 'balance' | 'reserved' | 'available' | 'refundable' | 'owed'>;

const isSet = (money: TMoney) => moneyToCents(money) !== 0;

/** "di cui riservati X € per un pagamento in corso", "rimborsabili X €": nothing when both are zero. */
export function CreditBreakdown({ statement }: { statement: Amounts }) {
  const reserved = isSet(statement.reserved);
  const refundable = isSet(statement.refundable);
  if (!reserved && !refundable) return null;
  return (
    <ul className="space-y-0.5 text-sm text-slate-600" aria-label="Dettaglio del credito">
      {reserved && (
        <li>
          di cui riservati <strong className="font-semibold text-slate-800">{formatMoney(statement.reserved)}</strong> per un pagamento in corso
          {' '}(disponibili ora {formatMoney(statement.available)})
        </li>
      )}
      {refundable && (
        <li>
          rimborsabili <strong className="font-semibold text-slate-800">{formatMoney(statement.refundable)}</strong>
          {moneyToCents(statement.refundable) !== moneyToCents(statement.balance) && ': il resto (rettifiche, credito per maltempo) si può solo spendere'}
        </li>
      )}
    </ul>
  );
}

/** How the debt reads to the member themselves and to the desk. */
const OWED_TEXT = {
  member: { title: (owed: string) => `Devi ${owed} al centro: passa in segreteria.`, whose: 'tua', ask: '' },
  staff: { title: (owed: string) => `Il socio deve ${owed} al centro.`, whose: 'sua', ask: ': chiedigli di saldarlo' },
} as const;

/**
 * What the member owes the centre (credit or a carnet spent, then its payment refunded by the bank). A
 * standing state shown on every visit: said politely, never as an alert.
 */
export function CreditOwed({ owed, audience }: Pick<TCreditStatement, 'owed'> & { audience: keyof typeof OWED_TEXT }) {
  if (moneyToCents(owed) <= 0) return null;
  const text = OWED_TEXT[audience];
  return (
    <Alert tone="warning" standing title={text.title(formatMoney(owed))}>
      Un pagamento già usato (credito o carnet) è stato poi rimborsato dalla {text.whose} banca{text.ask}.
    </Alert>
  );
}
