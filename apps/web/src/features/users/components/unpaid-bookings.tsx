// What the member still owes on their bookings, on their page at the desk: each booking to be paid with what
// is left to collect (the ledger's, as the planner shows it) and their total, collected from here with the
// planner's "Segna pagata" (cash, POS or bank transfer). The member's debt has its own "Incassa" in Credito.
import { centsToMoney, DESK_PAYMENT_METHOD_LABELS, DESK_PAYMENT_METHODS, moneyToCents, type TBackOfficeUserDetail, ZMarkPaidBody } from '@beach/contracts';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCollectBooking } from '../api/users';

type Booking = TBackOfficeUserDetail['bookings'][number];

export const isUnpaid = (booking: Booking) => moneyToCents(booking.owed) > 0;

export function UnpaidBookings({ bookings }: { bookings: Booking[] }) {
  const unpaid = bookings.filter(isUnpaid);
  if (unpaid.length === 0) return null;
  const total = centsToMoney(unpaid.reduce((sum, booking) => sum + moneyToCents(booking.owed), 0));
  return (
    <DetailSection title="Da incassare">
      <Alert tone="warning" standing title={`Prenotazioni da pagare: ${formatMoney(total)} da incassare.`}>
        <ul aria-label="Prenotazioni da pagare" className="mt-2 divide-y divide-amber-200">
          {unpaid.map((booking) => (
            <li key={booking.id} className="flex flex-wrap items-end justify-between gap-3 py-2">
              <span>
                {formatDateTime(booking.starts_at)} · {booking.court_name}
                <span className="block font-semibold">Ancora da incassare {formatMoney(booking.owed)}</span>
              </span>
              <CollectForm booking={booking} />
            </li>
          ))}
        </ul>
      </Alert>
    </DetailSection>
  );
}

function CollectForm({ booking }: { booking: Booking }) {
  const collect = useCollectBooking();
  const { field, submit, failure, formState } = useZodForm({ schema: ZMarkPaidBody, defaultValues: { method: 'cash' } });
  const onSubmit = submit((body) => collect.mutateAsync({ id: booking.id, body }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Incassa la prenotazione del ${formatDateTime(booking.starts_at)}`} className="flex flex-wrap items-end gap-2">
      <FormAlert failure={failure} className="w-full" />
      <div className="w-36">
        <Select label="Pagata con" options={DESK_PAYMENT_METHODS.map((method) => ({ value: method, label: DESK_PAYMENT_METHOD_LABELS[method] }))} {...field('method')} />
      </div>
      <Button type="submit" size="sm" loading={formState.isSubmitting} loadingText="Registrazione...">
        Incassa
      </Button>
    </form>
  );
}
