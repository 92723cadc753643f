import type { TMyMembership } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { MEMBERSHIP_TYPE_LABELS } from '../../../lib/display-labels';
import { validityText } from '../../../lib/format';
import { MyReceiptLinks } from '../../../components/receipt-links';
import { DownloadPdfButton } from './download-pdf-button';
import { MembershipStatusBadge } from '../../../components/membership-status-badge';

/** Cards whose validity is over (expired, or active but past their last day until the nightly job marks them), compactly. */
export function PastMemberships({ memberships }: { memberships: TMyMembership[] }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="past-title" className="space-y-3">
      <h2 id="past-title" className="text-lg font-semibold text-slate-900">
        <Trans>Tessere passate</Trans>
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200">
        {memberships.map((membership) => (
          <li key={membership.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
            <span className="font-mono font-semibold text-slate-900">{membership.membership_number}</span>
            <span>{i18n._(MEMBERSHIP_TYPE_LABELS[membership.type])}</span>
            <span className="text-slate-600">{validityText(membership)}</span>
            <MembershipStatusBadge status="expired" />
            <span className="ml-auto flex flex-wrap items-start gap-1">
              <DownloadPdfButton membership={membership} size="sm" />
              <MyReceiptLinks membershipId={membership.id} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
