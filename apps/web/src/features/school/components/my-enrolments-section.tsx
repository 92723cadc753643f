// "Le mie iscrizioni" on /profilo: the member's enrolments and their children's, with their status and
// instalments; paying a pending one (its place held until a time) or cancelling it, and paying the next
// instalment of a confirmed one ("Paga ora"). A discounted sibling's place says which place to pay first.
import { titleIn, type TEnrolment, type TEnrolmentInstalment } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Locale } from '@beach/i18n';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime, formatMoney, formatTime } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { useCancelMyEnrolment, useMyEnrolments } from '../api/enrolments';
import { placeLabel, STATUS_LABELS } from '../labels';
import { placeToPayFirst } from '../sibling-first';
import { PayByTransfer } from '../../bank-transfer';
import { PayEnrolment } from './pay-enrolment';
import { SiblingDiscount } from './sibling-discount';

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
        {enrolments.data?.map((enrolment, _, mine) => <EnrolmentRow key={enrolment.id} enrolment={enrolment} payFirst={placeToPayFirst(enrolment, mine)} />)}
      </ul>
    </CardSection>
  );
}

function EnrolmentRow({ enrolment, payFirst }: { enrolment: TEnrolment; payFirst: ReturnType<typeof placeToPayFirst> }) {
  const { i18n, t } = useLingui();
  const cancel = useCancelMyEnrolment();
  const { confirm, dialog } = useConfirm();
  const pending = enrolment.status === 'pending_payment';
  const heldUntil = enrolment.hold_expires_at && formatTime(enrolment.hold_expires_at);
  const onCancel = async () => {
    if (await confirm({ title: t`Annullare l’iscrizione?`, message: t`Il posto tenuto si libera.`, confirmLabel: t`Annulla iscrizione`, cancelLabel: t`Indietro`, tone: 'danger' })) await cancel.mutateAsync(enrolment.id);
  };
  return (
    <li className="space-y-2 py-3" aria-label={titleIn(i18n.locale, enrolment.course)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{titleIn(i18n.locale, enrolment.course)}</p>
          <p className="text-sm text-slate-600">
            {enrolment.participant.name} · {i18n._(placeLabel(enrolment))}
            {enrolment.session_starts_at && ` · ${formatDateTime(enrolment.session_starts_at)}`} · {formatMoney(enrolment.amount)}
          </p>
          <SiblingDiscount amount={enrolment.sibling_discount} />
        </div>
        <Badge tone={TONES[enrolment.status]}>{i18n._(STATUS_LABELS[enrolment.status])}</Badge>
      </div>
      {enrolment.instalments.length > 1 && <Instalments instalments={enrolment.instalments} />}
      {pending && heldUntil && <p className="text-sm text-slate-600"><Trans>Posto tenuto fino alle {heldUntil}</Trans></p>}
      {payFirst && <PayFirst name={payFirst.name} />}
      {/* One place for paying, pending or confirmed: what a payment answers stays shown once it confirms the enrolment. */}
      {(pending || (enrolment.status === 'confirmed' && enrolment.pay_now)) && (
        <div className="flex flex-wrap items-end gap-2">
          {!payFirst && <PayEnrolment enrolment={enrolment} />}
          {pending && <Button size="sm" variant="secondary" loading={cancel.isPending} onClick={() => void onCancel()}><Trans>Annulla iscrizione</Trans></Button>}
          {!payFirst && <PayByTransfer owed={{ kind: 'enrolment', id: enrolment.id }} />}
        </div>
      )}
      {dialog}
    </li>
  );
}

/** Instead of pay buttons the server would refuse: the place to pay first, by its participant when there is one. */
function PayFirst({ name }: { name: string | null }) {
  return (
    <p className="text-sm font-medium text-slate-800">
      {name ? <Trans>Paga prima l’iscrizione di {name}: lo sconto fratelli vale con un fratello iscritto.</Trans> : <Trans>Paga prima l’iscrizione senza sconto: lo sconto fratelli vale con un fratello iscritto.</Trans>}
    </p>
  );
}

/** Each instalment: how much, by when, and whether it is paid, to pay, or overdue. */
function Instalments({ instalments }: { instalments: TEnrolmentInstalment[] }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Rate`} className="space-y-1 text-sm text-slate-700">
      {instalments.map((instalment) => {
        const amount = formatMoney(instalment.amount);
        const day = formatDate(instalment.due_on);
        return (
          <li key={instalment.seq} className="flex flex-wrap items-center justify-between gap-2">
            <span><Trans>{amount} entro il {day}</Trans></span>
            {instalment.paid ? (
              <Badge tone="green"><Trans>Pagata</Trans></Badge>
            ) : instalment.overdue ? (
              <Badge tone="red"><Trans>Scaduta</Trans></Badge>
            ) : (
              <Badge tone="yellow"><Trans>Da pagare</Trans></Badge>
            )}
          </li>
        );
      })}
    </ul>
  );
}
