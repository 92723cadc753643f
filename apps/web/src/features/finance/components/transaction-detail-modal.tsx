// One payment or refund: who paid, for what, how, Stripe's ids, and the refunds it had
// or the payment it refunds.
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, TRANSACTION_TYPE_LABELS, type TTransaction } from '@beach/contracts';
import { DetailModal, DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { receiptTitle } from '../../../lib/receipts';
import { ReceiptButton } from '../../../components/receipt-links';
import { useTransaction } from '../api/finance';
import { FINANCE_MESSAGES } from '../messages';

const summary = (row: TTransaction) => `${TRANSACTION_TYPE_LABELS[row.type]} di ${formatMoney(row.amount)} del ${formatDateTime(row.date)} (${PAYMENT_STATUS_LABELS[row.status]})`;

export function TransactionDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useTransaction(id);
  const row = detail.data;
  return (
    <DetailModal
      open={id !== null}
      title={row ? `${TRANSACTION_TYPE_LABELS[row.type]} n. ${row.id}` : 'Movimento'}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Chiudi
        </Button>
      }
    >
      {detail.isError && <Alert tone="error">{FINANCE_MESSAGES.transactionLoadFailed}</Alert>}
      {detail.isPending && <Spinner />}
      {row && (
        <>
          <DetailSection
            title="Movimento"
            items={[
              { label: 'Data', value: formatDateTime(row.date) },
              { label: 'Importo', value: formatMoney(row.amount) },
              { label: 'Per', value: PAYMENT_KIND_LABELS[row.kind] },
              { label: 'Stato', value: PAYMENT_STATUS_LABELS[row.status] },
              { label: 'Metodo', value: PAYMENT_METHOD_LABELS[row.method] },
              { label: 'Descrizione', value: row.description },
              { label: 'Tessera', value: row.membership?.number },
              { label: 'Prenotazione', value: row.booking_id === null ? null : `n. ${row.booking_id}` },
              { label: 'Registrato il', value: formatDateTime(row.created_at) },
            ]}
          />
          <DetailSection
            title="Cliente"
            items={
              row.customer
                ? [
                    { label: 'Nome', value: row.customer.id === null ? `${row.customer.name} (cliente al banco)` : row.customer.name },
                    { label: 'E-mail', value: row.customer.email },
                    { label: 'Telefono', value: row.customer.phone },
                  ]
                : [{ label: 'Nome', value: 'Non registrato' }]
            }
          />
          {(row.stripe_payment_intent_id || row.stripe_checkout_session_id || row.stripe_refund_id) && (
            <DetailSection
              title="Stripe"
              items={[
                { label: 'Payment intent', value: row.stripe_payment_intent_id && <span className="font-mono text-xs">{row.stripe_payment_intent_id}</span> },
                { label: 'Sessione di checkout', value: row.stripe_checkout_session_id && <span className="font-mono text-xs">{row.stripe_checkout_session_id}</span> },
                { label: 'Rimborso', value: row.stripe_refund_id && <span className="font-mono text-xs">{row.stripe_refund_id}</span> },
              ]}
            />
          )}
          {row.receipt && <DetailSection title="Documento" items={[{ label: receiptTitle(row.receipt), value: <ReceiptButton receipt={row.receipt} /> }]} />}
          {row.refund_of && <DetailSection title="Rimborsa" items={[{ label: `Pagamento n. ${row.refund_of.id}`, value: summary(row.refund_of) }]} />}
          {row.refunds.length > 0 && <DetailSection title="Rimborsi" items={row.refunds.map((refund) => ({ label: `Rimborso n. ${refund.id}`, value: summary(refund) }))} />}
        </>
      )}
    </DetailModal>
  );
}
