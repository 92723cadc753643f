import type { TMyMembership } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '../../../components/ui/badge';
import { validityText } from '../../../lib/format';
import { MEMBERSHIP_TYPE_LABELS, PRICE_LABELS } from '../../../lib/display-labels';
import { priceCodeOf } from '../../../lib/membership-rules';
import { MyReceiptLinks } from '../../../components/receipt-links';
import { DownloadPdfButton } from './download-pdf-button';
import { MembershipQr } from './membership-qr';
import { MembershipStatusBadge } from '../../../components/membership-status-badge';
import { PendingCardActions } from './pending-card-actions';

/** A card in use or on its way: details, then the QR code and PDF, or what is still missing. */
export function CurrentMembershipCard({ membership }: { membership: TMyMembership }) {
  const { i18n, t } = useLingui();
  const titleId = `tessera-${membership.id}`;
  const insurance = membership.has_insurance === null ? t`Non indicata` : membership.has_insurance ? t`Sì` : t`No`;
  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          {/* "Tessera stagionale": the price list's name of the card. */}
          <p className="text-sm text-slate-600">{i18n._(PRICE_LABELS[priceCodeOf(membership.type)].label)}</p>
          <h3 id={titleId} className="font-mono text-xl font-bold text-sea-900">
            {membership.membership_number}
          </h3>
        </div>
        <div className="flex gap-1.5">
          <MembershipStatusBadge status={membership.status} />
          {membership.is_bvu_member && <Badge tone="purple">BVU</Badge>}
        </div>
      </header>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500"><Trans>Tipo</Trans></dt>
          <dd className="font-medium">{i18n._(MEMBERSHIP_TYPE_LABELS[membership.type])}</dd>
        </div>
        <div>
          <dt className="text-slate-500"><Trans>Validità</Trans></dt>
          <dd className="font-medium">{validityText(membership)}</dd>
        </div>
        <div>
          <dt className="text-slate-500"><Trans>Assicurazione</Trans></dt>
          <dd className="font-medium">{insurance}</dd>
        </div>
      </dl>
      {membership.status === 'active' && (
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
          {membership.verify_url && <MembershipQr url={membership.verify_url} membershipNumber={membership.membership_number} />}
          <div className="space-y-3 text-center text-sm text-slate-700 sm:text-left">
            <p><Trans>Mostra il QR code all’ingresso dei campi o in segreteria, dal telefono o stampato.</Trans></p>
            <DownloadPdfButton membership={membership} />
            <MyReceiptLinks membershipId={membership.id} />
          </div>
        </div>
      )}
      {membership.status === 'pending' && <PendingCardActions membership={membership} />}
    </article>
  );
}
