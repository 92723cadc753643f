// A booking's facts as a short list: court, when, and the money.
import type { TBooking } from '@beach/contracts';
import { formatMoney, whenText } from '../lib/format';

export function BookingSummary({ booking }: { booking: TBooking }) {
  const rows: [string, string][] = [
    ['Campo', booking.court.name],
    ['Quando', whenText(booking) + (booking.full_day ? ' (giornata intera)' : '')],
    ...(booking.discount !== '0.00'
      ? ([
          ['Prezzo', formatMoney(booking.original_price)],
          [`Sconto${booking.coupon_code ? ` (${booking.coupon_code})` : ''}`, `− ${formatMoney(booking.discount)}`],
        ] as [string, string][])
      : []),
    ['Totale', formatMoney(booking.price)],
  ];
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-slate-500">{label}</dt>
          <dd className="text-right font-semibold text-slate-900 first-letter:uppercase">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
