// One booking at the desk (docs/domain.md#desk-planner): who, when, what was paid and what is still owed (the
// server's balance, organiser and players together: never price − paid here), and the actions that fit its
// state: mark paid (collects everything still owed, the players' unpaid shares included), move (same length,
// another court or time), cancel with or without a refund, restore.
import { moneyToCents, SLOTS, type TAdminBooking, type TMarkPaidBody, type TPlanner } from '@beach/contracts';
import { useState } from 'react';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { DetailModal, DetailSection } from '../../../components/admin/detail-modal';
import { MatchDeskSection } from '../../admin-open-matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { formFailure } from '../../../lib/api-errors';
import { PlayersPanel, useBookingSplit } from '../../split-payment';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useAdminBooking, useCancelDeskBooking, useMarkPaid, useMoveBooking, useRestoreBooking } from '../api/admin-bookings';
import { DESK_METHOD_OPTIONS, PaymentBadge, StatusBadge } from '../labels';

/** Where a refund of a booking paid otherwise than at the desk goes: the way each part came. */
const GIVEN_BACK: Record<NonNullable<TAdminBooking['paid_with']>, string> = {
  credit: ' sul credito del socio',
  credit_card: ': la parte pagata con il credito sul credito del socio, il resto sulla sua carta',
  carnet: ' (l’ingresso torna al carnet)',
};

type Action = 'pay' | 'move' | 'cancel' | null;

export function BookingDetailModal({ booking: opened, courts, onClose, onDone }: { booking: TAdminBooking; courts: TPlanner['courts']; onClose: () => void; onDone: (message: string) => void }) {
  // Read again while open: a walk-in paid in the match's section changes what was paid.
  const booking = useAdminBooking(opened).data;
  const { confirm, dialog } = useConfirm();
  const markPaid = useMarkPaid();
  const move = useMoveBooking();
  const cancel = useCancelDeskBooking();
  const restore = useRestoreBooking();
  const [action, setAction] = useState<Action>(null);
  const [method, setMethod] = useState<TMarkPaidBody['method']>('cash');
  const [target, setTarget] = useState({ court_id: String(booking.court.id), date: booking.date, start: booking.start });
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(false);
  const [error, setError] = useState<{ message: string | null; fields: Record<string, string> } | null>(null);

  const split = useBookingSplit(booking.id);
  const live = booking.status === 'confirmed' || booking.status === 'pending_payment';
  const owed = moneyToCents(booking.owed) > 0;
  // "Segna pagata" collects all that is still owed: the organiser's part and the players' unpaid shares.
  const canPay = live && owed;
  const sharesOwed = split.data !== undefined && moneyToCents(split.data.owed) > 0;
  const hasPaid = moneyToCents(booking.paid) > moneyToCents(booking.refunded);
  const busy = markPaid.isPending || move.isPending || cancel.isPending || restore.isPending;

  async function run(work: () => Promise<{ message: string }>, fallback: string) {
    setError(null);
    try {
      const result = await work();
      onClose();
      onDone(result.message);
    } catch (failure) {
      const explained = formFailure(failure, ['court_id', 'date', 'start', 'reason'], fallback);
      setError({ message: explained.message, fields: Object.fromEntries(explained.fields) });
    }
  }

  async function confirmCancel() {
    const confirmed = await confirm({
      title: 'Annulla prenotazione',
      message: `Annullare la prenotazione di ${booking.customer.name} (${booking.court.name}, ${formatDate(booking.date)} ${booking.start}–${booking.end})${refund && hasPaid ? ' e rimborsare quanto pagato' : ''}?`,
      confirmLabel: 'Annulla prenotazione',
      cancelLabel: 'Indietro',
      tone: 'danger',
    });
    if (confirmed) await run(() => cancel.mutateAsync({ id: booking.id, body: { reason: reason || null, refund } }), 'Si è verificato un errore nell’annullamento. Riprova più tardi.');
  }

  const footer = live ? (
    <>
      {canPay && (
        <Button variant={action === 'pay' ? 'primary' : 'secondary'} onClick={() => setAction('pay')}>
          Segna pagata
        </Button>
      )}
      <Button variant={action === 'move' ? 'primary' : 'secondary'} onClick={() => setAction('move')}>
        Sposta
      </Button>
      <Button variant={action === 'cancel' ? 'danger' : 'secondary'} onClick={() => setAction('cancel')}>
        Annulla prenotazione
      </Button>
    </>
  ) : (
    <Button loading={restore.isPending} loadingText="Ripristino..." onClick={() => void run(() => restore.mutateAsync(booking.id), 'Si è verificato un errore nel ripristino. Riprova più tardi.')}>
      Ripristina
    </Button>
  );

  return (
    <DetailModal open title={`Prenotazione · ${booking.court.name}`} onClose={onClose} footer={footer}>
      {error?.message && <Alert tone="error">{error.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        <StatusBadge status={booking.status} />
        <PaymentBadge booking={booking} />
      </div>
      <DetailSection
        title="Prenotazione"
        items={[
          { label: 'Quando', value: `${formatDate(booking.date)} · ${booking.start}–${booking.end}` },
          { label: 'Campo', value: `${booking.court.name} (${booking.court.code})` },
          { label: 'Cliente', value: booking.customer.name },
          { label: 'E-mail', value: booking.customer.email },
          { label: 'Telefono', value: booking.customer.phone },
          { label: 'Note', value: booking.notes },
          { label: 'Serie settimanale', value: booking.recurring_booking_id ? `n. ${booking.recurring_booking_id}` : null },
          { label: 'Prenotata da', value: booking.created_by ? `${booking.created_by}, ${formatDateTime(booking.created_at)}` : formatDateTime(booking.created_at) },
        ]}
      />
      <DetailSection
        title="Pagamento"
        items={[
          { label: 'Prezzo', value: formatMoney(booking.price) },
          { label: 'Sconto', value: booking.coupon_code ? `${formatMoney(booking.discount)} (${booking.coupon_code})` : null },
          { label: 'Prezzo modificato perché', value: booking.price_override_reason },
          { label: 'Pagato', value: formatMoney(booking.paid) },
          { label: 'Rimborsato', value: moneyToCents(booking.refunded) > 0 ? formatMoney(booking.refunded) : null },
          { label: 'Ancora da incassare', value: live && owed ? formatMoney(booking.owed) : null },
        ]}
      />
      <MatchDeskSection booking={booking} />
      <PlayersPanel bookingId={booking.id} staffView heading="h3" />
      {booking.cancelled_at && (
        <DetailSection
          title="Annullamento"
          items={[
            { label: 'Quando', value: formatDateTime(booking.cancelled_at) },
            { label: 'Da', value: booking.cancelled_by },
            { label: 'Motivo', value: booking.cancellation_reason },
          ]}
        />
      )}

      {action === 'pay' && (
        <section aria-label="Segna pagata" className="grid gap-3 rounded-lg border border-sea-200 p-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <p className="text-sm text-slate-700 sm:col-span-2">
            Incassa <strong className="text-slate-900">{formatMoney(booking.owed)}</strong>
            {sharesOwed && ' (quote dei giocatori comprese)'}.
          </p>
          <Select label="Metodo" value={method} onValueChange={setMethod} options={DESK_METHOD_OPTIONS} />
          <Button loading={markPaid.isPending} loadingText="Registrazione..." onClick={() => void run(() => markPaid.mutateAsync({ id: booking.id, body: { method } }), 'Si è verificato un errore nella registrazione del pagamento. Riprova più tardi.')}>
            Registra pagamento
          </Button>
        </section>
      )}
      {action === 'move' && (
        <section aria-label="Sposta" className="grid gap-3 rounded-lg border border-sea-200 p-4 sm:grid-cols-3">
          <Select label="Nuovo campo" value={target.court_id} onChange={(event) => setTarget({ ...target, court_id: event.target.value })} options={courts.map((court) => ({ value: String(court.id), label: court.name }))} error={error?.fields.court_id} />
          <Input label="Nuova data" type="date" value={target.date} onChange={(event) => setTarget({ ...target, date: event.target.value })} error={error?.fields.date} />
          <Select label="Nuovo inizio" value={target.start} onChange={(event) => setTarget({ ...target, start: event.target.value })} options={SLOTS.map((slot) => ({ value: slot.start, label: slot.start }))} error={error?.fields.start} />
          <div className="sm:col-span-3">
            <Button disabled={busy} loading={move.isPending} loadingText="Spostamento..." onClick={() => void run(() => move.mutateAsync({ id: booking.id, body: { ...target, court_id: Number(target.court_id) } }), 'Si è verificato un errore nello spostamento. Riprova più tardi.')}>
              Sposta qui
            </Button>
          </div>
        </section>
      )}
      {action === 'cancel' && (
        <section aria-label="Annulla" className="space-y-3 rounded-lg border border-coral-200 p-4">
          <Input label="Motivo" maxLength={500} placeholder="Annullata dalla segreteria" value={reason} onChange={(event) => setReason(event.target.value)} error={error?.fields.reason} />
          {hasPaid && <Checkbox label={`Rimborsa ${formatMoney(booking.paid)}${booking.paid_with ? GIVEN_BACK[booking.paid_with] : booking.payment_method === 'stripe' ? ' sulla carta del socio' : ''}`} checked={refund} onChange={(event) => setRefund(event.target.checked)} />}
          <Button variant="danger" disabled={busy} loading={cancel.isPending} loadingText="Annullamento..." onClick={() => void confirmCancel()}>
            Conferma annullamento
          </Button>
        </section>
      )}
      {dialog}
    </DetailModal>
  );
}
