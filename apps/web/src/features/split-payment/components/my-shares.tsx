// "Partite con altri giocatori" on /le-mie-prenotazioni: the bookings the member plays in without having
// booked them, and the shares charged to them as organiser, each with its payment page and, once paid,
// the receipt of what the member paid.
import { Link } from 'react-router-dom';
import { BOOKING_PLAYER_STATUS_LABELS } from '@beach/contracts';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { useMyShares } from '../api/split-payment';
import { formatMoney, whenText } from '../../../lib/format';
import { MyReceiptLinks } from '../../../components/receipt-links';

export function MyShares() {
  const shares = useMyShares();
  if (!shares.data || shares.data.length === 0) return null;
  return (
    <section aria-labelledby="my-shares" className="space-y-3">
      <h2 id="my-shares" className="text-lg font-semibold text-slate-800">
        Partite con altri giocatori
      </h2>
      <ul className="space-y-3">
        {shares.data.map((share) => (
          <li key={share.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="min-w-0 space-y-1">
              <p className="font-semibold text-sea-900">
                {share.court} <Badge tone={share.can_pay ? 'yellow' : 'green'}>{share.paid_with ? 'Quota pagata' : BOOKING_PLAYER_STATUS_LABELS[share.status]}</Badge>
              </p>
              <p className="text-sm text-slate-700 first-letter:uppercase">{whenText(share)}</p>
              <p className="text-sm text-slate-500">Organizza {share.organiser} · quota {formatMoney(share.share)}</p>
              <MyReceiptLinks bookingId={share.booking_id} />
            </div>
            {share.can_pay && (
              <Link to={`/quote/${share.id}`} className={buttonClasses('primary', 'sm')}>
                Paga la quota
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
