// "Le mie iscrizioni" on /profilo: the member's enrolments and their children's, with their status,
// paying a pending one and cancelling it.
import type { TEnrolment } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Locale } from '@beach/i18n';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { paths } from '../../../config/paths';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { useCancelMyEnrolment, useMyEnrolments } from '../api/enrolments';
import { KIND_LABELS, STATUS_LABELS } from '../labels';
import { PayEnrolment } from './pay-enrolment';

const TONES = { pending_payment: 'yellow', confirmed: 'green', cancelled: 'neutral' } as const;

export function MyEnrolmentsSection() {
  const { i18n, t } = useLingui();
  const enrolments = useMyEnrolments();
  return (
    <CardSection titleId="enrolments-title">
      <h2 id="enrolments-title" className="text-lg font-semibold"><Trans>Le mie iscrizioni</Trans></h2>
      <ReadState read={enrolments} loading={t`Caricamento delle iscrizioni...`} failed={t`Non è stato possibile leggere le iscrizioni. Riprova più tardi.`} />
      {enrolments.data?.length === 0 && (
        <p className="text-sm text-slate-600">
          <Trans>Nessuna iscrizione. <Link className="text-sea-700 underline" to={localizedTo(i18n.locale as Locale, paths.school)}>Scopri i corsi</Link></Trans>
        </p>
      )}
      <ul className="divide-y divide-slate-100">
        {enrolments.data?.map((enrolment) => <EnrolmentRow key={enrolment.id} enrolment={enrolment} />)}
      </ul>
    </CardSection>
  );
}

function EnrolmentRow({ enrolment }: { enrolment: TEnrolment }) {
  const { i18n, t } = useLingui();
  const cancel = useCancelMyEnrolment();
  const { confirm, dialog } = useConfirm();
  const onCancel = async () => {
    if (await confirm({ title: t`Annullare l’iscrizione?`, message: t`Il posto tenuto si libera.`, confirmLabel: t`Annulla l’iscrizione` })) await cancel.mutateAsync(enrolment.id);
  };
  return (
    <li className="space-y-2 py-3" aria-label={enrolment.course.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{enrolment.course.name}</p>
          <p className="text-sm text-slate-600">
            {enrolment.participant.name} · {i18n._(KIND_LABELS[enrolment.kind])}
            {enrolment.session_starts_at && ` · ${formatDateTime(enrolment.session_starts_at)}`} · {formatMoney(enrolment.amount)}
          </p>
        </div>
        <Badge tone={TONES[enrolment.status]}>{i18n._(STATUS_LABELS[enrolment.status])}</Badge>
      </div>
      {enrolment.status === 'pending_payment' && (
        <div className="flex flex-wrap items-start gap-2">
          <PayEnrolment enrolment={enrolment} />
          <Button size="sm" variant="ghost" loading={cancel.isPending} onClick={() => void onCancel()}><Trans>Annulla</Trans></Button>
        </div>
      )}
      {dialog}
    </li>
  );
}
