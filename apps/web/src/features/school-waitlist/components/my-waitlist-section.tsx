// The member's waiting lists on /profilo: their place in each queue, or an offered place with its
// deadline, to accept ("Accetta il posto": an enrolment to pay, shown in "Le mie iscrizioni") or decline.
import { titleIn, type TWaitlistEntry } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card-section';
import { ApiError } from '../../../lib/api-transport';
import { formatDateTime } from '../../../lib/format';
import { useAcceptOffer, useMyWaitlist, useWithdrawFromWaitlist } from '../api/course-waitlist';

/** Shown only while the member waits somewhere. */
export function MyWaitlistSection() {
  const waitlist = useMyWaitlist();
  if (!waitlist.data?.length) return null;
  return (
    <CardSection titleId="waitlist-title">
      <h2 id="waitlist-title" className="text-lg font-semibold"><Trans>Liste d’attesa</Trans></h2>
      <ul className="divide-y divide-slate-100">
        {waitlist.data.map((entry) => <WaitlistRow key={entry.id} entry={entry} />)}
      </ul>
    </CardSection>
  );
}

function WaitlistRow({ entry }: { entry: TWaitlistEntry }) {
  const { i18n, t } = useLingui();
  const accept = useAcceptOffer();
  const withdraw = useWithdrawFromWaitlist();
  const { confirm, dialog } = useConfirm();
  const [failure, setFailure] = useState('');
  const run = async (work: () => Promise<unknown>) => {
    setFailure('');
    try {
      await work();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t`Si è verificato un errore. Riprova più tardi.`);
    }
  };
  const onWithdraw = async () => {
    if (await confirm({ title: t`Uscire dalla lista d’attesa?`, message: entry.status === 'offered' ? t`Il posto offerto passa al prossimo in lista.` : t`Perdi la tua posizione.`, confirmLabel: t`Rinuncia` })) {
      await run(() => withdraw.mutateAsync(entry.id));
    }
  };
  const position = entry.position;
  const deadline = entry.offer_expires_at ? formatDateTime(entry.offer_expires_at) : '';
  return (
    <li className="space-y-2 py-3" aria-label={titleIn(i18n.locale, entry.course)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{titleIn(i18n.locale, entry.course)}</p>
          <p className="text-sm text-slate-600">{entry.participant.name}</p>
        </div>
        {entry.status === 'offered' ? <Badge tone="green"><Trans>Posto offerto</Trans></Badge> : <Badge tone="yellow"><Trans>In lista: {position}°</Trans></Badge>}
      </div>
      {entry.status === 'offered' && <p className="text-sm text-slate-700"><Trans>Il posto è tenuto per te fino al {deadline}.</Trans></p>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-2">
        {entry.status === 'offered' && <Button size="sm" loading={accept.isPending} onClick={() => void run(() => accept.mutateAsync(entry.id))}><Trans>Accetta il posto</Trans></Button>}
        <Button size="sm" variant="ghost" loading={withdraw.isPending} onClick={() => void onWithdraw()}><Trans>Rinuncia</Trans></Button>
      </div>
      {dialog}
    </li>
  );
}
