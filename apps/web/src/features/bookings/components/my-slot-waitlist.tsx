// The member's places on the courts' waiting lists (docs/domain.md#waitlist), on /le-mie-prenotazioni: each
// slot with its state — waiting (with the position), offered (held until a deadline: "Paga ora"), booked, or
// over and why — and "Rinuncia" while the place is live.
import type { TCourtWaitlistEntry, TCourtWaitlistLapse } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { generatePath, Link } from 'react-router-dom';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import type { NoticeTone } from '../../../components/admin/notices';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { formatDateTime, whenText } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { useMySlotWaitlist, useWithdrawSlotWaitlist } from '../api/bookings';

const STATUS: Record<TCourtWaitlistEntry['status'], { label: MessageDescriptor; tone: BadgeTone }> = {
  waiting: { label: msg`In lista d’attesa`, tone: 'yellow' },
  offered: { label: msg`Tenuto per te`, tone: 'green' },
  booked: { label: msg`Prenotato`, tone: 'green' },
  lapsed: { label: msg`Turno concluso`, tone: 'neutral' },
  withdrawn: { label: msg`Hai rinunciato`, tone: 'neutral' },
};

const LAPSES: Record<TCourtWaitlistLapse, MessageDescriptor> = {
  unpaid: msg`Non pagato entro la scadenza: è passato al prossimo in lista.`,
  cancelled: msg`La segreteria ha annullato la prenotazione offerta.`,
  certificate: msg`Saltato: per prenotare serve un certificato medico valido.`,
  limit: msg`Saltato: avevi già il massimo di prenotazioni future.`,
  last_call: msg`Si è liberato a ridosso dell’inizio: ti abbiamo avvisato insieme agli altri in lista.`,
  closed: msg`Il campo è stato chiuso per maltempo.`,
};

/** Shown only while the member has a place on a slot still to come. */
export function MySlotWaitlist({ notify }: { notify: (text: string, tone?: NoticeTone) => void }) {
  const { t } = useLingui();
  const waitlist = useMySlotWaitlist();
  const withdraw = useWithdrawSlotWaitlist();
  const { confirm, dialog } = useConfirm();
  if (!waitlist.data?.length) return null;

  const onWithdraw = async (entry: TCourtWaitlistEntry) => {
    const message = entry.status === 'offered' ? t`Il campo tenuto per te passa al prossimo in lista.` : t`Perdi la tua posizione.`;
    if (!(await confirm({ title: t`Uscire dalla lista d’attesa?`, message, confirmLabel: t`Rinuncia`, cancelLabel: t`Torna indietro` }))) return;
    try {
      notify((await withdraw.mutateAsync(entry.id)).message);
    } catch (failure) {
      notify(serverMessage(failure) ?? t`Si è verificato un errore. Riprova più tardi.`, 'error');
    }
  };

  return (
    <section aria-labelledby="slot-waitlist" className="space-y-3">
      <h2 id="slot-waitlist" className="text-lg font-semibold text-slate-800">
        <Trans>Liste d’attesa dei campi</Trans>
      </h2>
      <ul className="space-y-3">
        {waitlist.data.map((entry) => (
          <WaitlistEntry key={entry.id} entry={entry} onWithdraw={onWithdraw} withdrawing={withdraw.isPending && withdraw.variables === entry.id} />
        ))}
      </ul>
      {dialog}
    </section>
  );
}

function WaitlistEntry({ entry, onWithdraw, withdrawing }: { entry: TCourtWaitlistEntry; onWithdraw: (entry: TCourtWaitlistEntry) => void; withdrawing: boolean }) {
  const { i18n, t } = useLingui();
  const status = STATUS[entry.status];
  const position = entry.position;
  const deadline = entry.offer_expires_at ? formatDateTime(entry.offer_expires_at) : '';
  return (
    <li aria-label={`${entry.court.name} ${whenText(entry)}`} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-sea-900">
          {entry.court.name} <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
        </p>
        <p className="text-sm text-slate-700 first-letter:uppercase">{whenText(entry)}</p>
        {entry.status === 'waiting' && (
          <p className="text-sm text-slate-600">
            <Trans>Posizione in lista: {position}°. Se si libera è tenuto per te e ti scriviamo.</Trans>
          </p>
        )}
        {entry.status === 'offered' && (
          <p className="text-sm text-slate-700">
            <Trans>Il campo è tenuto per te fino al {deadline}: pagalo entro allora, poi passa al prossimo in lista.</Trans>
          </p>
        )}
        {entry.lapsed_reason && <p className="text-sm text-slate-600">{i18n._(LAPSES[entry.lapsed_reason])}</p>}
      </div>
      {(entry.status === 'waiting' || entry.status === 'offered') && (
        <div className="flex flex-wrap gap-2">
          {entry.status === 'offered' && entry.booking_id !== null && (
            <Link to={localizedTo(i18n.locale as Locale, generatePath(paths.bookingPayment, { bookingId: String(entry.booking_id) }))} className={buttonClasses('primary', 'sm')}>
              <Trans>Paga ora</Trans>
            </Link>
          )}
          <Button variant="ghost" size="sm" onClick={() => onWithdraw(entry)} loading={withdrawing} loadingText={t`Uscita...`}>
            <Trans>Rinuncia</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}
