// A booking's facts as a short list: court, when, and the money.
import type { TBooking } from '@beach/contracts';
import { useLingui } from '@lingui/react/macro';
import { formatMoney, whenText } from '../lib/format';

/** `priceLabel`: what the price is called, "Totale" unless the page says otherwise (a shared court's "Prezzo del campo"). */
export function BookingSummary({ booking, priceLabel }: { booking: TBooking; priceLabel?: string }) {
  const { t } = useLingui();
  const when = whenText(booking);
  const coupon = booking.coupon_code;
  const rows: [string, string][] = [
    [t`Campo`, booking.court.name],
    [t`Quando`, booking.full_day ? t`${when} (giornata intera)` : when],
    ...(booking.discount !== '0.00'
      ? ([
          [t`Prezzo`, formatMoney(booking.original_price)],
          [coupon ? t`Sconto (${coupon})` : t`Sconto`, `− ${formatMoney(booking.discount)}`],
        ] as [string, string][])
      : []),
    [priceLabel ?? t`Totale`, formatMoney(booking.price)],
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
