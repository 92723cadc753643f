// "Partite con altri giocatori" on /le-mie-prenotazioni: the bookings the member plays in without having
// booked them, and the shares charged to them as organiser, each with its payment page and, once paid,
// the receipt of what the member paid.
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { generatePath, Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { useMyShares } from '../api/split-payment';
import { paths } from '../../../config/paths';
import { formatMoney, whenText } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { MyReceiptLinks } from '../../../components/receipt-links';
import { PLAYER_STATUS_NAMES } from '../labels';

export function MyShares() {
  const { i18n } = useLingui();
  const shares = useMyShares();
  if (!shares.data || shares.data.length === 0) return null;
  return (
    <section aria-labelledby="my-shares" className="space-y-3">
      <h2 id="my-shares" className="text-lg font-semibold text-slate-800">
        <Trans>Partite con altri giocatori</Trans>
      </h2>
      <ul className="space-y-3">
        {shares.data.map((share) => {
          const organiser = share.organiser;
          const amount = formatMoney(share.share);
          return (
            <li key={share.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="min-w-0 space-y-1">
                <p className="font-semibold text-sea-900">
                  {share.court} <Badge tone={share.can_pay ? 'yellow' : 'green'}>{share.paid_with ? <Trans>Quota pagata</Trans> : i18n._(PLAYER_STATUS_NAMES[share.status])}</Badge>
                </p>
                <p className="text-sm text-slate-700 first-letter:uppercase">{whenText(share)}</p>
                <p className="text-sm text-slate-500">
                  <Trans>
                    Organizza {organiser} · quota {amount}
                  </Trans>
                </p>
                <MyReceiptLinks bookingId={share.booking_id} />
              </div>
              {share.can_pay && (
                <Link to={localizedTo(i18n.locale as Locale, generatePath(paths.bookingShare, { shareId: String(share.id) }))} className={buttonClasses('primary', 'sm')}>
                  <Trans>Paga la quota</Trans>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
